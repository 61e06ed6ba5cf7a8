import { type CompanySpec, plannedFactorAfter } from './companies.ts';
import { Rng, round2 } from './rng.ts';

export const tick = (v: number) => Math.max(0.05, Math.round(v * 20) / 20);

export interface PricePath {
  days: string[];
  /** Raw closes as the exchange prints them (before any adjustment). */
  close: number[];
  /** Continuous (fully adjusted) closes. */
  adjusted: number[];
}

/**
 * A continuous price path over `days` ending at the company's target price, turned into raw
 * prices by undoing the planned splits, bonuses and rights before each ex-date.
 */
export function pricePath(spec: CompanySpec, days: readonly string[], seed: string): PricePath {
  const rng = new Rng(`${seed}/prices/${spec.isin}`);
  const n = days.length;
  const logs = new Float64Array(n);
  const drift = 0.0003;
  let x = 0;
  for (let i = 0; i < n; i++) {
    // mild mean reversion keeps long paths within plausible ranges
    x += drift + spec.volatility * rng.normal() - 0.002 * (x - drift * i);
    logs[i] = x;
  }
  const shift = Math.log(spec.targetPrice) - (n > 0 ? logs[n - 1]! : 0);
  const adjusted: number[] = [];
  const close: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = Math.exp(logs[i]! + shift);
    adjusted.push(a);
    close.push(tick(a / plannedFactorAfter(spec, days[i]!)));
  }
  return { days: [...days], close, adjusted };
}

/** Daily quote rows (table daily_quote) for the days of the path from index `from`. */
export function quoteRows(
  spec: CompanySpec,
  path: PricePath,
  from: number,
  seed: string,
  source: string,
  sizeHint: number,
): unknown[][] {
  const rng = new Rng(`${seed}/quotes/${spec.isin}`);
  const rows: unknown[][] = [];
  const baseVolume = Math.max(2000, sizeHint);
  let factorPrev = from > 0 ? plannedFactorAfter(spec, path.days[from - 1]!) : 1;
  for (let i = from; i < path.days.length; i++) {
    const day = path.days[i]!;
    const factor = plannedFactorAfter(spec, day);
    const c = path.close[i]!;
    const prevRaw = i > 0 ? path.close[i - 1]! : c;
    // On an ex-date the open follows the adjusted previous close; the first day opens near its close.
    const ref = i > 0 ? (prevRaw * factorPrev) / factor : c;
    const open = tick(ref * Math.exp(rng.normal() * spec.volatility * 0.4));
    const high = tick(Math.max(open, c) * (1 + Math.abs(rng.normal()) * spec.volatility * 0.5));
    const low = tick(Math.min(open, c) * (1 - Math.abs(rng.normal()) * spec.volatility * 0.5));
    const volume = Math.max(1, Math.round(baseVolume * Math.exp(rng.normal() * 0.5) * factor));
    const vwap = (open + high + low + c) / 4;
    const deliveryPct = round2(rng.range(18, 78));
    rows.push([
      spec.isin,
      day,
      'NSE',
      'EQ',
      open,
      high,
      Math.min(low, open, c),
      c,
      tick(c + (rng.chance(0.5) ? 0.05 : 0)),
      i > 0 ? prevRaw : null,
      volume,
      round2(volume * vwap),
      Math.max(1, Math.round(volume / rng.range(40, 400))),
      Math.round((volume * deliveryPct) / 100),
      deliveryPct,
      source,
    ]);
    factorPrev = factor;
  }
  return rows;
}
