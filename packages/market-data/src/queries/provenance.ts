import type { Queryable } from '../db/index.ts';

/** Latest as-of date and distinct sources of a whole table (for market-wide lists). */
export async function tableProvenance(
  q: Queryable,
  table: 'company' | 'exchange_holiday' | 'commodity' | 'superinvestor',
): Promise<{ asOf: string | null; source: string }> {
  const { rows } = await q.query<{ asOf: string | null; source: string | null }>(
    `SELECT max(as_of)::text AS "asOf", string_agg(DISTINCT source, ', ' ORDER BY source) AS source FROM ${table}`,
  );
  return { asOf: rows[0]?.asOf ?? null, source: rows[0]?.source ?? '' };
}
