import { type ActionForAdjustment, adjustmentFactors } from '../engine/adjustment.ts';
import { addDays, fiscalYearEnd, fiscalYearOf, holidaysOf, quarterEnds, tradingDays } from './calendar.ts';
import { COMMODITIES, commodityFutureRows, commodityPrices, months } from './commodities.ts';
import { type CompanySpec, sampleThree, syntheticCompany } from './companies.ts';
import { pricePath, quoteRows } from './market.ts';
import { beneficialOwnerRows, SUPERINVESTORS, shareholdingRows } from './ownership.ts';
import { Rng, round2, round3 } from './rng.ts';
import { type ModelYear, modelYears, quarterPl, sharesOn } from './statements.ts';
import type { Sink } from './tables.ts';
import { industryCode, SECTORS } from './taxonomy.ts';

export const SAMPLE_SOURCE = 'generator:sample-v1';

export interface UniverseOptions {
  /** Same seed, same bytes. */
  seed?: string;
  /** Number of synthetic companies (the three SPEC sample companies come on top). */
  companies?: number;
  /** The last day of the generated history. */
  asOf?: string;
  /** How many of the largest synthetic companies get the full quote depth. */
  deepQuoteCompanies?: number;
  /** Full quote depth in years (the sample three always get it). */
  quoteYears?: number;
  /** Trading days of quotes for every other company. */
  shallowQuoteDays?: number;
}

export type UniverseSize = 'small' | 'default' | 'full';

export const UNIVERSE_SIZES: Record<UniverseSize, UniverseOptions> = {
  small: { companies: 40, deepQuoteCompanies: 2, quoteYears: 10, shallowQuoteDays: 250 },
  default: { companies: 5000, deepQuoteCompanies: 100, quoteYears: 10, shallowQuoteDays: 125 },
  full: { companies: 5000, deepQuoteCompanies: 5000, quoteYears: 10, shallowQuoteDays: 250 },
};

export function resolveOptions(
  opts: UniverseOptions & { size?: UniverseSize } = {},
): Required<UniverseOptions> {
  const base = UNIVERSE_SIZES[opts.size ?? 'default'];
  return {
    seed: opts.seed ?? 'bahi-sample-v1',
    companies: opts.companies ?? base.companies!,
    asOf: opts.asOf ?? '2026-11-20',
    deepQuoteCompanies: opts.deepQuoteCompanies ?? base.deepQuoteCompanies!,
    quoteYears: opts.quoteYears ?? base.quoteYears!,
    shallowQuoteDays: opts.shallowQuoteDays ?? base.shallowQuoteDays!,
  };
}

/** The company specs of a universe, with share counts set and ex-dates on trading days. */
export function universeCompanies(o: Required<UniverseOptions>, days: readonly string[]): CompanySpec[] {
  const snap = (d: string) => {
    let lo = 0;
    let hi = days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (days[mid]! < d) lo = mid + 1;
      else hi = mid;
    }
    return days[lo] ?? d;
  };
  const specs = sampleThree();
  for (let n = 0; n < o.companies; n++) {
    const spec = syntheticCompany(o.seed, n, o.asOf);
    const latestRevenue = spec.baseRevenue * (1 + spec.growth) ** 11;
    const ps = spec.layout === 'bank' ? spec.targetPe * 0.15 : spec.targetPe * 0.07;
    spec.sharesLatest = Math.max(
      1_000_000,
      Math.round((latestRevenue * ps * 1e7) / spec.targetPrice / 1000) * 1000,
    );
    for (const a of spec.actions) a.exDate = snap(a.exDate);
    specs.push(spec);
  }
  return specs;
}

/**
 * Generates the sample universe into a sink, company by company. Deterministic: the same
 * options give the same rows in the same order.
 */
export async function generateUniverse(
  options: UniverseOptions & { size?: UniverseSize },
  sink: Sink,
): Promise<{ companies: number }> {
  const o = resolveOptions(options);
  const src = SAMPLE_SOURCE;
  const asOfYear = Number(o.asOf.slice(0, 4));
  const startYear = asOfYear - o.quoteYears;
  const historyStart = addDays(o.asOf, -Math.round(o.quoteYears * 365.25));
  const days = tradingDays(historyStart, o.asOf);
  const specs = universeCompanies(o, days);

  // Reference data.
  for (const s of SECTORS) {
    sink.row('sector', [s.code, s.name]);
    s.industries.forEach((name, i) => {
      sink.row('industry', [industryCode(s.code, i), name, s.code]);
    });
  }
  for (let y = startYear; y <= asOfYear; y++)
    for (const h of holidaysOf(y))
      for (const [exchange, segment] of [
        ['NSE', 'CM'],
        ['NSE', 'FO'],
        ['NSE', 'CD'],
        ['NSE', 'COM'],
        ['BSE', 'EQ'],
      ] as const)
        sink.row('exchange_holiday', [exchange, segment, h.date, h.description, src, `${y - 1}-12-15`]);
  const monthList = months(o.asOf);
  for (const [code, name, category, unit, base] of COMMODITIES) {
    sink.row('commodity', [
      code,
      name,
      category,
      unit,
      unit.startsWith('index') ? 'NA' : 'USD',
      src,
      monthList.at(-1),
    ]);
    const prices = commodityPrices(o.seed, code, base, monthList);
    monthList.forEach((m, i) => {
      sink.row('commodity_price', [code, m, prices[i], src]);
    });
  }
  // MCX futures over the last 60 trading days.
  for (const row of commodityFutureRows(o.seed, days.slice(-60), src)) sink.row('commodity_future', row);
  for (const [id, name, kind, description] of SUPERINVESTORS)
    sink.row('superinvestor', [id, name, kind, description, true, src, o.asOf]);

  // Largest companies get the full quote history.
  const bySize = specs
    .filter((s) => s.synthetic)
    .sort((a, b) => b.targetPrice * b.sharesLatest - a.targetPrice * a.sharesLatest || a.index - b.index);
  const deep = new Set<string>(
    [...specs.filter((s) => !s.synthetic), ...bySize.slice(0, o.deepQuoteCompanies)].map((s) => s.isin),
  );

  for (const s of specs) {
    sink.row('company', [
      s.isin,
      s.symbol,
      s.bseCode,
      s.name,
      'EQ',
      s.listingDate,
      s.faceValue,
      s.faceValue,
      1,
      s.sectorCode,
      s.industryCode,
      s.status,
      s.delistedOn,
      s.layout,
      s.hasConsolidated,
      s.sharesLatest,
      s.synthetic,
      s.illustrative,
      src,
      o.asOf,
    ]);
    for (const f of s.formerSymbols)
      sink.row('symbol_history', [s.isin, f.symbol, s.symbol, f.changedOn, src, f.changedOn]);
  }
  await sink.checkpoint({ done: 0, total: specs.length });

  const lastAnnualFy = fiscalYearOf(addDays(o.asOf, -60)) - 1;
  const statementQuarters = quarterEnds(addDays(o.asOf, -45), 12).reverse();
  const holdingQuarters = quarterEnds(addDays(o.asOf, -21), 12).reverse();
  const lastModelFy = fiscalYearOf(statementQuarters.at(-1)!);
  const investorChance = Math.min(0.5, 15 / Math.max(1, o.companies));

  let done = 0;
  for (const spec of specs) {
    const rng = new Rng(`${o.seed}/misc/${spec.isin}`);
    const alive = (d: string) => !spec.delistedOn || d < spec.delistedOn;
    const bases: ('s' | 'c')[] = spec.hasConsolidated ? ['s', 'c'] : ['s'];
    const model: Record<string, ModelYear[]> = {};
    for (const basis of bases) {
      const years = modelYears(spec, lastAnnualFy - 10, lastModelFy, basis, o.seed);
      model[basis] = years;
      const byFy = new Map(years.map((y) => [y.fiscalYear, y]));
      for (const y of years) {
        if (y.fiscalYear > lastAnnualFy || !alive(y.periodEnd)) continue;
        const age = lastAnnualFy - y.fiscalYear;
        const resultDate = addDays(y.periodEnd, 40 + ((y.fiscalYear * 7 + spec.index) % 19));
        const emit = (code: 'pl' | 'bs' | 'cf', items: unknown) =>
          sink.row('financial_statement', [
            spec.isin,
            basis,
            code,
            'annual',
            y.periodEnd,
            y.fiscalYear,
            spec.layout,
            resultDate,
            items,
            src,
            resultDate,
          ]);
        if (age < 10) emit('pl', y.pl);
        if (age < 7) emit('bs', y.bs);
        if (age < 5) emit('cf', y.cf);
        if (age < 5) {
          const revenue = (y.pl.revenueFromOperations ?? y.pl.interestEarned)!;
          const weights = spec.segments.map((_, i) => 1 / (i + 1.5));
          const total = weights.reduce((a, b) => a + b, 0);
          let left = revenue;
          spec.segments.forEach((segment, i) => {
            const last = i === spec.segments.length - 1;
            const share = last ? left : round2((revenue * weights[i]!) / total);
            left = round2(left - share);
            sink.row('segment_revenue', [
              spec.isin,
              basis,
              'annual',
              y.periodEnd,
              segment,
              share,
              round2(share * (0.08 + (i % 3) * 0.04)),
              src,
              resultDate,
            ]);
          });
        }
      }
      for (const qEnd of statementQuarters) {
        if (!alive(qEnd)) continue;
        const fy = fiscalYearOf(qEnd);
        const year = byFy.get(fy);
        if (!year) continue;
        const month = Number(qEnd.slice(5, 7));
        const q = month === 6 ? 1 : month === 9 ? 2 : month === 12 ? 3 : 4;
        const resultDate = addDays(qEnd, 25 + ((month + spec.index) % 19));
        sink.row('financial_statement', [
          spec.isin,
          basis,
          'pl',
          'quarterly',
          qEnd,
          fy,
          spec.layout,
          resultDate,
          quarterPl(spec.layout, year, q, 0),
          src,
          resultDate,
        ]);
      }
    }

    // Prices over the full history; rows only for the quote window.
    const end = spec.delistedOn ? days.findIndex((d) => d >= spec.delistedOn!) : days.length;
    const life = end < 0 ? days : days.slice(0, end);
    const path = pricePath(spec, life, o.seed);
    const from = deep.has(spec.isin) ? 0 : Math.max(0, life.length - o.shallowQuoteDays);
    for (const row of quoteRows(spec, path, from, o.seed, src, spec.sharesLatest * 0.002))
      sink.row('daily_quote', row);
    const closeBefore = (date: string) => {
      let lo = 0;
      let hi = path.days.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (path.days[mid]! < date) lo = mid + 1;
        else hi = mid;
      }
      return lo > 0 ? path.close[lo - 1]! : null;
    };

    // Corporate actions: planned splits, bonuses and rights, plus dividends from the statements.
    const actions: (ActionForAdjustment & { purpose: string; recordDate: string; kind?: string })[] = [];
    for (const a of spec.actions) {
      if (!alive(a.exDate) || a.exDate > o.asOf) continue;
      const prevClose = closeBefore(a.exDate);
      actions.push({
        action: a.action,
        exDate: a.exDate,
        recordDate: a.exDate,
        purpose: a.purpose,
        ratioNew: a.ratioNew ?? null,
        ratioHeld: a.ratioHeld ?? null,
        faceValueFrom: a.faceValueFrom ?? null,
        faceValueTo: a.faceValueTo ?? null,
        offerPrice: a.action === 'rights' && prevClose ? round2(prevClose * a.offerFraction!) : null,
        prevClose,
      });
    }
    const standalone = model.s!;
    for (const y of standalone) {
      const dps = y.pl.dividendPerShare ?? 0;
      if (!dps || y.fiscalYear > lastAnnualFy) continue;
      const interim = rng.chance(0.3);
      const payments: [kind: string, date: string, amount: number][] = [];
      const finalDate = addDays(fiscalYearEnd(y.fiscalYear), 100 + rng.int(0, 40));
      if (interim) {
        payments.push([
          'interim',
          addDays(fiscalYearEnd(y.fiscalYear), -130 + rng.int(0, 20)),
          round2(dps * 0.4),
        ]);
        payments.push(['final', finalDate, round2(dps - round2(dps * 0.4))]);
      } else payments.push(['final', finalDate, dps]);
      for (const [kind, rawDate, amount] of payments) {
        // Dividends before the modelled price history are left out (no close to relate them to).
        if (rawDate < days[0]!) continue;
        const exDate = days.find((d) => d >= rawDate) ?? rawDate;
        if (exDate > o.asOf || !alive(exDate) || amount <= 0) continue;
        const perShare = round2((amount * sharesOn(spec, y.periodEnd)) / sharesOn(spec, exDate));
        const label = kind === 'interim' ? 'INTERIM DIVIDEND' : interim ? 'FINAL DIVIDEND' : 'DIVIDEND';
        actions.push({
          action: 'dividend',
          exDate,
          recordDate: exDate,
          purpose: `${label} - RS ${perShare.toFixed(2)} PER SHARE`,
          dividendPerShare: perShare,
          kind,
          prevClose: closeBefore(exDate),
        });
      }
    }
    if (spec.synthetic && rng.chance(0.02)) {
      const exDate = days[Math.floor(rng.next() * days.length)]!;
      if (alive(exDate)) actions.push({ action: 'buyback', exDate, recordDate: exDate, purpose: 'BUYBACK' });
    }
    if (spec.symbol === 'ITC')
      actions.push({
        action: 'demerger',
        exDate: '2025-01-06',
        recordDate: '2025-01-06',
        purpose: 'DEMERGER',
      });
    actions.sort((a, b) =>
      a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : a.purpose < b.purpose ? -1 : 1,
    );
    for (const a of actions)
      sink.row('corporate_action', [
        spec.isin,
        a.action,
        a.exDate,
        a.recordDate,
        null,
        null,
        a.purpose,
        a.dividendPerShare ?? null,
        a.kind ?? null,
        a.ratioNew ?? null,
        a.ratioHeld ?? null,
        a.faceValueFrom ?? null,
        a.faceValueTo ?? null,
        a.offerPrice ?? null,
        src,
        a.exDate,
      ]);
    for (const f of adjustmentFactors(actions))
      sink.row('adjustment_factor', [spec.isin, f.exDate, f.priceFactor, f.dividendFactor, src]);

    // Ownership.
    const quarters = holdingQuarters.filter(alive);
    const holdings = shareholdingRows(
      spec,
      quarters,
      (d) => sharesOn(spec, d),
      o.seed,
      src,
      spec.sharesLatest / 1e5,
    );
    for (const row of holdings) sink.row('shareholding', row);
    const latestPromoter = (holdings.at(-1)?.[4] as number | undefined) ?? 0;
    for (const row of beneficialOwnerRows(spec, quarters.slice(-4), latestPromoter, o.seed, src))
      sink.row('beneficial_owner', row);
    if (spec.synthetic && spec.status === 'active')
      SUPERINVESTORS.forEach(([id]) => {
        if (!rng.chance(investorChance)) return;
        const entry = rng.int(0, 6);
        let pct = rng.range(1, 4);
        quarters.forEach((qEnd, qi) => {
          if (qi < entry) return;
          pct = Math.max(1, pct + rng.normal() * 0.2);
          const shares = Math.round((sharesOn(spec, qEnd) * pct) / 100);
          sink.row('superinvestor_holding', [id, spec.isin, qEnd, shares, round3(pct), src, qEnd]);
        });
      });
    done++;
    await sink.checkpoint({ done, total: specs.length });
  }
  return { companies: specs.length };
}
