import type { Queryable } from '../db/index.ts';

export interface QualityIssue {
  check: 'ohlc' | 'large_move' | 'missing_day';
  isin: string | null;
  symbol: string | null;
  tradeDate: string;
  detail: string;
}

/** Price moves larger than this (either way) need a corporate action to explain them. */
export const LARGE_MOVE = 0.3;

/** Corporate actions that explain a large price move on their ex-date. */
const EXPLAINING = ['bonus', 'split', 'rights', 'demerger', 'other'];

/**
 * Checks the quotes of the given trade dates: OHLC consistency (low ≤ open, close ≤ high and
 * all positive); a close more than ±30% from the previous stored close (at most ten days
 * earlier: a longer gap is a backfill) with no split, bonus, rights, demerger or capital change
 * between the two days; and NSE trading days (weekdays that
 * are not cash-market holidays) missing between the previous stored day and each date, when
 * that day is at most a month earlier (an older gap is a backfill, not a missed day).
 */
export async function checkQuality(tx: Queryable, dates: ReadonlySet<string>): Promise<QualityIssue[]> {
  if (dates.size === 0) return [];
  const list = [...dates].sort();
  const ohlc = await tx.query<QualityIssue>(
    `SELECT 'ohlc' AS check, q.isin, c.symbol, to_char(q.trade_date, 'YYYY-MM-DD') AS "tradeDate",
            format('open %s high %s low %s close %s', q.open, q.high, q.low, q.close) AS detail
       FROM daily_quote q LEFT JOIN company c ON c.isin = q.isin
      WHERE q.trade_date = ANY($1::date[])
        AND (q.low <= 0 OR q.low > least(q.open, q.close) OR q.high < greatest(q.open, q.close))
      ORDER BY q.trade_date, c.symbol`,
    [list],
  );
  const moves = await tx.query<QualityIssue>(
    `SELECT 'large_move' AS check, q.isin, c.symbol, to_char(q.trade_date, 'YYYY-MM-DD') AS "tradeDate",
            format('close %s vs %s on %s (%s%%)', q.close, p.close, p.trade_date,
                   round((q.close / p.close - 1) * 100, 1)) AS detail
       FROM daily_quote q
       JOIN LATERAL (SELECT close, trade_date FROM daily_quote x
                      WHERE x.isin = q.isin AND x.exchange = q.exchange AND x.trade_date < q.trade_date
                      ORDER BY x.trade_date DESC LIMIT 1) p ON p.close > 0 AND p.trade_date >= q.trade_date - 10
       LEFT JOIN company c ON c.isin = q.isin
      WHERE q.trade_date = ANY($1::date[]) AND abs(q.close / p.close - 1) > $2
        AND NOT EXISTS (SELECT 1 FROM corporate_action a
                         WHERE a.isin = q.isin AND a.ex_date > p.trade_date AND a.ex_date <= q.trade_date
                           AND a.action = ANY($3::text[]))
      ORDER BY q.trade_date, c.symbol`,
    [list, LARGE_MOVE, EXPLAINING],
  );
  const missing = await tx.query<{ tradeDate: string }>(
    `SELECT DISTINCT to_char(g.d, 'YYYY-MM-DD') AS "tradeDate"
       FROM unnest($1::date[]) AS t(d)
       JOIN LATERAL (SELECT max(trade_date) AS prev FROM daily_quote WHERE trade_date < t.d) p
         ON p.prev >= t.d - 31
       CROSS JOIN LATERAL generate_series(p.prev + 1, t.d - 1, interval '1 day') AS g(d)
      WHERE extract(isodow FROM g.d) < 6
        AND NOT EXISTS (SELECT 1 FROM exchange_holiday h
                         WHERE h.exchange = 'NSE' AND h.segment = 'CM' AND h.holiday_date = g.d::date)
        AND NOT EXISTS (SELECT 1 FROM daily_quote q WHERE q.trade_date = g.d::date)
      ORDER BY 1`,
    [list],
  );
  return [
    ...ohlc.rows,
    ...moves.rows,
    ...missing.rows.map((m) => ({
      check: 'missing_day' as const,
      isin: null,
      symbol: null,
      tradeDate: m.tradeDate,
      detail: 'NSE trading day with no quotes (not a weekend or CM holiday)',
    })),
  ];
}

/**
 * Clears the large-move findings of the given companies that a corporate action now explains
 * (its ex-date after the previous quote and on or before the day of the move): a bonus ingested
 * after the day's prices. Returns the number cleared.
 */
export async function clearExplainedMoves(tx: Queryable, isins: ReadonlySet<string>): Promise<number> {
  if (isins.size === 0) return 0;
  const { rows } = await tx.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM data_quality_issue d
        WHERE d.check_name = 'large_move' AND d.isin = ANY($1::text[])
          AND EXISTS (SELECT 1 FROM corporate_action a
                       WHERE a.isin = d.isin AND a.action = ANY($2::text[]) AND a.ex_date <= d.trade_date
                         AND a.ex_date > coalesce((SELECT max(q.trade_date) FROM daily_quote q
                                                    WHERE q.isin = d.isin AND q.trade_date < d.trade_date),
                                                  d.trade_date - 10))
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [[...isins], EXPLAINING],
  );
  return rows[0]!.n;
}
