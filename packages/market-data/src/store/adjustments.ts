import type { Queryable } from '../db/index.ts';
import { type ActionForAdjustment, adjustmentFactors } from '../engine/adjustment.ts';

export const ADJUSTMENT_SOURCE = 'engine:adjustment-v1';

/**
 * Recomputes the adjustment factors of some companies (all when `isins` is absent) from their
 * stored corporate actions and the raw close before each ex-date. Run it in the transaction
 * that changed actions or quotes (ingesters do), then bump the data version.
 */
export async function refreshAdjustmentFactors(tx: Queryable, isins?: readonly string[]): Promise<number> {
  const { rows } = await tx.query<ActionForAdjustment & { isin: string }>(
    `SELECT a.isin, a.action, a.ex_date AS "exDate", a.ratio_new AS "ratioNew", a.ratio_held AS "ratioHeld",
            a.face_value_from AS "faceValueFrom", a.face_value_to AS "faceValueTo",
            a.dividend_per_share AS "dividendPerShare", a.offer_price AS "offerPrice",
            (SELECT q.close FROM daily_quote q WHERE q.isin = a.isin AND q.exchange = 'NSE' AND q.trade_date < a.ex_date
              ORDER BY q.trade_date DESC LIMIT 1) AS "prevClose"
       FROM corporate_action a
      WHERE a.action IN ('bonus', 'split', 'rights', 'dividend') AND ($1::text[] IS NULL OR a.isin = ANY($1))
      ORDER BY a.isin, a.ex_date`,
    [isins ? [...isins] : null],
  );
  const byIsin = new Map<string, ActionForAdjustment[]>();
  for (const r of rows) {
    const list = byIsin.get(r.isin) ?? [];
    list.push(r);
    byIsin.set(r.isin, list);
  }
  await tx.query('DELETE FROM adjustment_factor WHERE $1::text[] IS NULL OR isin = ANY($1)', [
    isins ? [...isins] : null,
  ]);
  let n = 0;
  for (const [isin, actions] of byIsin)
    for (const f of adjustmentFactors(actions)) {
      await tx.query(
        `INSERT INTO adjustment_factor (isin, ex_date, price_factor, dividend_factor, source) VALUES ($1, $2, $3, $4, $5)`,
        [isin, f.exDate, f.priceFactor, f.dividendFactor, ADJUSTMENT_SOURCE],
      );
      n++;
    }
  return n;
}
