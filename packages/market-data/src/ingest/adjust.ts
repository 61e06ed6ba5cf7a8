import type { Queryable } from '../db/index.ts';
import { type ActionForAdjustment, adjustmentFactors } from '../engine/adjustment.ts';

export const ADJUSTMENT_SOURCE = 'engine:adjustment';

/**
 * Recomputes the stored adjustment factors of the given companies from their corporate actions
 * and raw closes (the close before each ex-date prices rights and dividends). Replaces their
 * rows; returns how many factors were written.
 */
export async function recomputeAdjustments(tx: Queryable, isins: ReadonlySet<string>): Promise<number> {
  if (isins.size === 0) return 0;
  const list = [...isins];
  const { rows } = await tx.query<ActionForAdjustment & { isin: string }>(
    `SELECT a.isin, a.action, to_char(a.ex_date, 'YYYY-MM-DD') AS "exDate", a.ratio_new AS "ratioNew",
            a.ratio_held AS "ratioHeld", a.face_value_from AS "faceValueFrom", a.face_value_to AS "faceValueTo",
            a.dividend_per_share AS "dividendPerShare", a.offer_price AS "offerPrice",
            (SELECT q.close FROM daily_quote q WHERE q.isin = a.isin AND q.trade_date < a.ex_date
              ORDER BY q.trade_date DESC LIMIT 1) AS "prevClose"
       FROM corporate_action a
      WHERE a.isin = ANY($1::text[]) AND a.action IN ('bonus', 'split', 'rights', 'dividend')`,
    [list],
  );
  const byIsin = new Map<string, ActionForAdjustment[]>();
  for (const r of rows) byIsin.set(r.isin, [...(byIsin.get(r.isin) ?? []), r]);
  const factors: { isin: string; ex: string; p: number; d: number }[] = [];
  for (const [isin, actions] of byIsin) {
    for (const f of adjustmentFactors(actions)) {
      factors.push({ isin, ex: f.exDate, p: f.priceFactor, d: f.dividendFactor });
    }
  }
  await tx.query('DELETE FROM adjustment_factor WHERE isin = ANY($1::text[])', [list]);
  if (factors.length > 0) {
    await tx.query(
      `INSERT INTO adjustment_factor (isin, ex_date, price_factor, dividend_factor, source)
       SELECT r.isin, r.ex, r.p, r.d, $2
         FROM json_to_recordset($1::json) AS r(isin text, ex date, p double precision, d double precision)`,
      [JSON.stringify(factors), ADJUSTMENT_SOURCE],
    );
  }
  return factors.length;
}
