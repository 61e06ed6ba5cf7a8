import type { YearData } from './metrics.ts';
import { RATIOS, type RatioDef, type RatioType } from './ratio-catalogue.ts';

export interface YearRatios {
  fiscalYear: number;
  periodEnd: string;
  values: Record<string, number | null>;
}

/** Rounds to 4 decimals; anything not a finite number becomes null. */
export function clean(v: number | null): number | null {
  if (v === null || !Number.isFinite(v)) return null;
  return Math.round(v * 10000) / 10000;
}

export function ratiosFor(layout: string, ratioType?: RatioType): RatioDef[] {
  return RATIOS.filter(
    (d) => (!ratioType || d.ratioType === ratioType) && (!d.layouts || d.layouts.includes(layout)),
  );
}

/** Computes the catalogue (or one category) for every year given (years newest first). */
export function computeRatios(
  years: readonly YearData[],
  opts: { ratioType?: RatioType; codes?: readonly string[] } = {},
): YearRatios[] {
  const layout = years[0]?.layout ?? 'general';
  let defs = ratiosFor(layout, opts.ratioType);
  if (opts.codes) defs = defs.filter((d) => opts.codes!.includes(d.code));
  return years.map((y, i) => {
    const values: Record<string, number | null> = {};
    for (const d of defs) values[d.code] = clean(d.compute({ years, i }));
    return { fiscalYear: y.fiscalYear, periodEnd: y.periodEnd, values };
  });
}
