import type { Queryable } from '../../db/index.ts';
import { bulk, nextDay } from './common.ts';

/**
 * Resolves NSE symbols to ISINs: the current symbol first, then a former symbol from the symbol
 * history (INFOSYSTCH → INFY). One query for the whole list.
 */
export async function resolveSymbols(tx: Queryable, symbols: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set([...symbols].map((s) => s.toUpperCase()))];
  const out = new Map<string, string>();
  if (list.length === 0) return out;
  const current = await tx.query<{ sym: string; isin: string }>(
    'SELECT upper(symbol) AS sym, isin FROM company WHERE upper(symbol) = ANY($1::text[])',
    [list],
  );
  for (const r of current.rows) out.set(r.sym, r.isin);
  const rest = list.filter((s) => !out.has(s));
  if (rest.length === 0) return out;
  const { rows } = await tx.query<{ sym: string; isin: string }>(
    `SELECT DISTINCT ON (upper(old_symbol)) upper(old_symbol) AS sym, isin FROM symbol_history
      WHERE upper(old_symbol) = ANY($1::text[]) ORDER BY upper(old_symbol), changed_on DESC`,
    [rest],
  );
  for (const r of rows) out.set(r.sym, r.isin);
  return out;
}

/**
 * Records that each ISIN traded under an old symbol up to a date (seen in a dated file with
 * ISINs, e.g. INFOSYSTCH in a 2011 bhavcopy while the master now says INFY). The change date is
 * kept as the day after the latest date the old symbol was seen.
 */
export async function recordFormerSymbols(
  tx: Queryable,
  seen: readonly { isin: string; symbol: string; date: string }[],
  source: string,
): Promise<void> {
  if (seen.length === 0) return;
  const rows = seen.map((s) => ({ isin: s.isin, old: s.symbol, changed: nextDay(s.date) }));
  await bulk(
    tx,
    `WITH r AS (
       SELECT r.isin, r.old, max(r.changed) AS changed, c.symbol AS current
         FROM json_to_recordset($1::json) AS r(isin text, old text, changed date)
         JOIN company c ON c.isin = r.isin AND c.symbol IS NOT NULL AND upper(c.symbol) <> upper(r.old)
        GROUP BY r.isin, r.old, c.symbol
     ), gone AS (
       DELETE FROM symbol_history h USING r
        WHERE h.isin = r.isin AND upper(h.old_symbol) = upper(r.old) AND h.changed_on < r.changed
     )
     INSERT INTO symbol_history (isin, old_symbol, new_symbol, changed_on, source, as_of)
     SELECT r.isin, r.old, r.current, r.changed, $2, r.changed - 1 FROM r
      WHERE NOT EXISTS (SELECT 1 FROM symbol_history h
                         WHERE h.isin = r.isin AND upper(h.old_symbol) = upper(r.old) AND h.changed_on >= r.changed)`,
    rows,
    [source],
  );
}
