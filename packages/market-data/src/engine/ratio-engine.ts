import type { YearData } from './metrics.ts';
import { RATIO_BY_CODE, RATIOS, type RatioDef, type RatioType } from './ratio-catalogue.ts';

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

/**
 * Computes the catalogue (or one category) for every year given (years newest first). With
 * `codes`, every code asked for is in each year's values, in that order: null where the ratio
 * does not apply to the company's layout (EV to EBITDA for a bank), so the shape never varies.
 */
export function computeRatios(
  years: readonly YearData[],
  opts: { ratioType?: RatioType; codes?: readonly string[] } = {},
): YearRatios[] {
  const layout = years[0]?.layout ?? 'general';
  const defs: (RatioDef | null)[] = opts.codes
    ? opts.codes.map((code) => {
        const d = RATIO_BY_CODE.get(code);
        if (!d) throw new Error(`unknown ratio code ${code}`);
        return !d.layouts || d.layouts.includes(layout) ? d : null;
      })
    : ratiosFor(layout, opts.ratioType);
  const codes = opts.codes ?? defs.map((d) => d!.code);
  return years.map((y, i) => {
    const values: Record<string, number | null> = {};
    defs.forEach((d, k) => {
      values[codes[k]!] = d ? clean(d.compute({ years, i })) : null;
    });
    return { fiscalYear: y.fiscalYear, periodEnd: y.periodEnd, values };
  });
}
