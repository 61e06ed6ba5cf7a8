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
 * Resolves ISINs to the company that holds them now: its current ISIN, or an earlier one from the
 * ISIN history (a split that changed the ISIN). Unknown ISINs are absent from the map.
 */
export async function resolveIsins(tx: Queryable, isins: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(isins)];
  const out = new Map<string, string>();
  if (list.length === 0) return out;
  const { rows } = await tx.query<{ asked: string; isin: string }>(
    `SELECT isin AS asked, isin FROM company WHERE isin = ANY($1::text[])
     UNION ALL
     SELECT h.old_isin, h.isin FROM isin_history h
      WHERE h.old_isin = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM company c WHERE c.isin = h.old_isin)`,
    [list],
  );
  for (const r of rows) out.set(r.asked, r.isin);
  return out;
}

/** An Indian ISIN's issuer: country, issuer code (INE + 4 characters). A split keeps it. */
export const issuerOf = (isin: string): string => isin.slice(0, 7).toUpperCase();

/**
 * Records earlier ISINs of companies (seen in a dated file under the company's symbol and the
 * same issuer code), with the last day each was seen.
 */
export async function recordFormerIsins(
  tx: Queryable,
  seen: readonly { oldIsin: string; isin: string; date: string }[],
  source: string,
): Promise<void> {
  await bulk(
    tx,
    `INSERT INTO isin_history (old_isin, isin, last_seen, source)
     SELECT r.old, r.isin, max(r.d), $2 FROM json_to_recordset($1::json) AS r(old text, isin text, d date)
      GROUP BY r.old, r.isin
     ON CONFLICT (old_isin) DO UPDATE SET last_seen = greatest(isin_history.last_seen, EXCLUDED.last_seen)
      WHERE isin_history.isin = EXCLUDED.isin`,
    seen.map((s) => ({ old: s.oldIsin, isin: s.isin, d: s.date })),
    [source],
  );
}

/**
 * Records the days each (company, symbol) was seen: the first and last date, widened by every
 * file that shows it. The change dates of the symbol history are derived from these.
 */
export async function recordSymbolsSeen(
  tx: Queryable,
  seen: readonly { isin: string; symbol: string; date: string }[],
): Promise<void> {
  await bulk(
    tx,
    `INSERT INTO symbol_seen (isin, symbol, first_seen, last_seen)
     SELECT r.isin, upper(r.symbol), min(r.d), max(r.d)
       FROM json_to_recordset($1::json) AS r(isin text, symbol text, d date)
      GROUP BY r.isin, upper(r.symbol)
     ON CONFLICT (isin, symbol) DO UPDATE SET
       first_seen = least(symbol_seen.first_seen, EXCLUDED.first_seen),
       last_seen = greatest(symbol_seen.last_seen, EXCLUDED.last_seen)
     WHERE EXCLUDED.first_seen < symbol_seen.first_seen OR EXCLUDED.last_seen > symbol_seen.last_seen`,
    seen.map((s) => ({ isin: s.isin, symbol: s.symbol, d: s.date })),
  );
}

/**
 * Records that each ISIN traded under an old symbol (seen in a dated file with ISINs, e.g.
 * INFOSYSTCH in a 2011 bhavcopy while the master now says INFY), then dates the changes.
 */
export async function recordFormerSymbols(
  tx: Queryable,
  seen: readonly { isin: string; symbol: string; date: string }[],
  source: string,
): Promise<void> {
  if (seen.length === 0) return;
  await bulk(
    tx,
    `INSERT INTO symbol_history (isin, old_symbol, new_symbol, changed_on, source, as_of)
     SELECT r.isin, r.old, c.symbol, max(r.changed), $2, max(r.changed) - 1
       FROM json_to_recordset($1::json) AS r(isin text, old text, changed date)
       JOIN company c ON c.isin = r.isin AND c.symbol IS NOT NULL AND upper(c.symbol) <> upper(r.old)
      WHERE NOT EXISTS (SELECT 1 FROM symbol_history h WHERE h.isin = r.isin AND upper(h.old_symbol) = upper(r.old))
      GROUP BY r.isin, r.old, c.symbol
     ON CONFLICT DO NOTHING`,
    seen.map((s) => ({ isin: s.isin, old: s.symbol, changed: nextDay(s.date) })),
    [source],
  );
  await dateSymbolChanges(
    tx,
    seen.map((s) => s.isin),
  );
}

/**
 * Dates the symbol changes of the given companies from the days each symbol was seen: a change
 * happened after the last day the old symbol was seen, and on or before the first day a newer
 * symbol was seen (a later bhavcopy, or the master that names it). The date kept is that first
 * day of the new symbol, the latest the change can have been; the next symbol is the one seen
 * then. A later file still showing the old symbol moves the date on.
 */
export async function dateSymbolChanges(tx: Queryable, isins: readonly string[]): Promise<void> {
  const list = [...new Set(isins)];
  if (list.length === 0) return;
  await tx.query(
    `WITH h AS (
       SELECT h.isin, h.old_symbol, h.changed_on, o.last_seen AS old_last
         FROM symbol_history h
         JOIN symbol_seen o ON o.isin = h.isin AND o.symbol = upper(h.old_symbol)
        WHERE h.isin = ANY($1::text[])
     ), d AS (
       SELECT h.*, n.symbol AS next_symbol, n.first_seen AS next_first
         FROM h LEFT JOIN LATERAL (
           SELECT s.symbol, s.first_seen FROM symbol_seen s
            WHERE s.isin = h.isin AND s.symbol <> upper(h.old_symbol) AND s.first_seen > h.old_last
            ORDER BY s.first_seen LIMIT 1) n ON true
     )
     UPDATE symbol_history t
        SET changed_on = coalesce(d.next_first, greatest(t.changed_on, d.old_last + 1)),
            new_symbol = coalesce(
              (SELECT c.symbol FROM company c WHERE c.isin = t.isin AND upper(c.symbol) = d.next_symbol),
              d.next_symbol, t.new_symbol),
            as_of = d.old_last
       FROM d
      WHERE t.isin = d.isin AND t.old_symbol = d.old_symbol AND t.changed_on = d.changed_on
        AND (t.changed_on, t.as_of) IS DISTINCT FROM (coalesce(d.next_first, greatest(t.changed_on, d.old_last + 1)), d.old_last)`,
    [list],
  );
}

/**
 * The company of each (symbol, ISIN) pair of a dated file: the ISIN's holder (its current or an
 * earlier ISIN), else the company trading under that symbol when it is the same issuer (an ISIN
 * changed by a split that the history does not hold yet). Keyed by "SYMBOL|ISIN"; pairs not
 * found are absent.
 */
export async function resolveIsinRows(
  tx: Queryable,
  pairs: readonly { symbol: string; isin: string }[],
): Promise<Map<string, string>> {
  const byIsin = await resolveIsins(
    tx,
    pairs.map((p) => p.isin),
  );
  const bySymbol = await resolveSymbols(
    tx,
    pairs.filter((p) => !byIsin.has(p.isin)).map((p) => p.symbol),
  );
  const out = new Map<string, string>();
  for (const p of pairs) {
    const sym = p.symbol.toUpperCase();
    const other = bySymbol.get(sym);
    const isin = byIsin.get(p.isin) ?? (other && issuerOf(other) === issuerOf(p.isin) ? other : undefined);
    if (isin) out.set(`${sym}|${p.isin}`, isin);
  }
  return out;
}
