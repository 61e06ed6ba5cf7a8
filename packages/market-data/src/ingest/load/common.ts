import type { Queryable } from '../../db/index.ts';
import type { Rejection } from '../errors.ts';

/** What every loader gets: the open transaction and the provenance of the facts it writes. */
export interface LoadContext {
  tx: Queryable;
  /** The file name recorded as each fact's source. */
  source: string;
  /** The date the file describes (or the ingest date when the file does not say). */
  asOf: string;
}

/** What a loader did: rows stored, rows refused with the reason, companies touched. */
export interface LoadResult {
  stored: number;
  rejected: Rejection[];
  /** ISINs whose prices or corporate actions changed (adjustments are recomputed for them). */
  touched: Set<string>;
  /** Trade dates written (quality checks run over them). */
  tradeDates: Set<string>;
}

export const emptyResult = (): LoadResult => ({
  stored: 0,
  rejected: [],
  touched: new Set(),
  tradeDates: new Set(),
});

const CHUNK = 5000;

/**
 * Runs a set-based statement over many rows at once: the rows travel as one json parameter
 * ($1) that the SQL reads with json_to_recordset. One round trip per 5,000 rows, the same on
 * PGlite and PostgreSQL.
 */
export async function bulk(
  tx: Queryable,
  sql: string,
  rows: readonly object[],
  params: readonly unknown[] = [],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.query(sql, [JSON.stringify(rows.slice(i, i + CHUNK)), ...params]);
  }
}

/** A stable code for a classification name: "Oil, Gas & Consumable Fuels" → "oil-gas-consumable-fuels". */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The day after an ISO date. */
export function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
