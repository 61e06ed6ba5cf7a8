import { round2 } from './metrics.ts';
/**
 * Corporate-action price adjustment. A factor applies to every price strictly before its
 * ex-date; cumulative factors multiply back through history so the adjusted series is
 * continuous across splits and bonuses. Dividends form a separate series.
 */
export interface ActionForAdjustment {
  action: string;
  exDate: string;
  ratioNew?: number | null;
  ratioHeld?: number | null;
  faceValueFrom?: number | null;
  faceValueTo?: number | null;
  dividendPerShare?: number | null;
  offerPrice?: number | null;
  /** Close of the last trading day before the ex-date (needed for rights and dividends). */
  prevClose?: number | null;
}

export interface AdjustmentFactor {
  exDate: string;
  priceFactor: number;
  dividendFactor: number;
}

const positive = (v: number | null | undefined): v is number => typeof v === 'number' && v > 0;

/** The factor one action contributes, or null when the action does not change prices. */
export function factorOf(a: ActionForAdjustment): AdjustmentFactor | null {
  switch (a.action) {
    case 'bonus':
      // a:b bonus: a new shares for every b held; price scales by b / (a + b).
      if (!positive(a.ratioNew) || !positive(a.ratioHeld)) return null;
      return { exDate: a.exDate, priceFactor: a.ratioHeld / (a.ratioNew + a.ratioHeld), dividendFactor: 1 };
    case 'split':
      if (!positive(a.faceValueFrom) || !positive(a.faceValueTo)) return null;
      return { exDate: a.exDate, priceFactor: a.faceValueTo / a.faceValueFrom, dividendFactor: 1 };
    case 'rights': {
      // Theoretical ex-rights price over the cum-rights close.
      if (!positive(a.ratioNew) || !positive(a.ratioHeld) || !positive(a.prevClose)) return null;
      const offer = a.offerPrice ?? 0;
      if (offer >= a.prevClose) return null;
      const terp = (a.prevClose * a.ratioHeld + offer * a.ratioNew) / (a.ratioHeld + a.ratioNew);
      return { exDate: a.exDate, priceFactor: terp / a.prevClose, dividendFactor: 1 };
    }
    case 'dividend':
      if (!positive(a.dividendPerShare) || !positive(a.prevClose) || a.dividendPerShare >= a.prevClose)
        return null;
      return {
        exDate: a.exDate,
        priceFactor: 1,
        dividendFactor: (a.prevClose - a.dividendPerShare) / a.prevClose,
      };
    default:
      return null;
  }
}

/** Per-ex-date factors (several actions on one ex-date multiply), oldest first. */
export function adjustmentFactors(actions: readonly ActionForAdjustment[]): AdjustmentFactor[] {
  const byDate = new Map<string, AdjustmentFactor>();
  for (const a of actions) {
    const f = factorOf(a);
    if (!f) continue;
    const prev = byDate.get(f.exDate);
    byDate.set(
      f.exDate,
      prev
        ? {
            exDate: f.exDate,
            priceFactor: prev.priceFactor * f.priceFactor,
            dividendFactor: prev.dividendFactor * f.dividendFactor,
          }
        : f,
    );
  }
  return [...byDate.values()].sort((x, y) => (x.exDate < y.exDate ? -1 : 1));
}

export interface CumulativeFactor {
  price: number;
  dividend: number;
}

/**
 * For each trade date (any order), the product of every factor whose ex-date is after it:
 * what a raw price on that date is multiplied by to compare with today's prices. With
 * `dayBefore`, the factor of the calendar day before each date instead (every factor whose
 * ex-date is on or after the date): what the previous close is adjusted with.
 */
export function cumulativeFactors(
  tradeDates: readonly string[],
  factors: readonly AdjustmentFactor[],
  opts: { dayBefore?: boolean } = {},
): CumulativeFactor[] {
  const sorted = [...factors].sort((x, y) => (x.exDate < y.exDate ? 1 : -1)); // newest first
  // suffix products: after[i] = product of sorted[0..i]
  const after: CumulativeFactor[] = [];
  let p = 1;
  let d = 1;
  for (const f of sorted) {
    p *= f.priceFactor;
    d *= f.dividendFactor;
    after.push({ price: p, dividend: d });
  }
  const none: CumulativeFactor = { price: 1, dividend: 1 };
  const dayBefore = opts.dayBefore === true;
  return tradeDates.map((date) => {
    // count of factors with exDate > date (>= date for the day before) = index of the first
    // factor (newest first) that does not apply
    let n = 0;
    while (n < sorted.length && (dayBefore ? sorted[n]!.exDate >= date : sorted[n]!.exDate > date)) n++;
    return n === 0 ? none : after[n - 1]!;
  });
}

/** Adjusts one price; quantities scale the other way (volume / factor). */
export function adjustPrice(price: number | null, factor: number): number | null {
  return price === null ? null : round2(price * factor);
}
