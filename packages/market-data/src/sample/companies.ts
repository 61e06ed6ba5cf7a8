import { addDays } from './calendar.ts';
import { Rng } from './rng.ts';
import { industryCode, layoutOf, NAME_HEADS, NAME_TAILS, SECTORS } from './taxonomy.ts';

export type Layout = 'general' | 'bank' | 'nbfc' | 'insurance';

/** A split or bonus (or rights) planned into a company's history. */
export interface PlannedAction {
  action: 'bonus' | 'split' | 'rights';
  exDate: string;
  ratioNew?: number;
  ratioHeld?: number;
  faceValueFrom?: number;
  faceValueTo?: number;
  /** Rights offer price as a fraction of the cum-rights close. */
  offerFraction?: number;
  purpose: string;
}

export interface CompanySpec {
  index: number;
  isin: string;
  symbol: string;
  bseCode: string;
  name: string;
  listingDate: string;
  faceValue: number;
  sectorCode: string;
  industryCode: string;
  industryName: string;
  layout: Layout;
  status: 'active' | 'suspended' | 'delisted';
  delistedOn: string | null;
  hasConsolidated: boolean;
  synthetic: boolean;
  illustrative: boolean;
  /** Revenue (interest earned for banks) of the first modelled year, rupees crore. */
  baseRevenue: number;
  growth: number;
  /** Price-to-earnings the market settles on at the end of the history. */
  targetPe: number;
  volatility: number;
  /** Shares outstanding at the end of the history. */
  sharesLatest: number;
  actions: PlannedAction[];
  formerSymbols: { symbol: string; changedOn: string }[];
  promoterPct: number;
  segments: string[];
  /** Target price at the end of the history, rupees. */
  targetPrice: number;
}

/** ISIN check digit (Luhn over the letters-as-numbers expansion). */
export function isinCheckDigit(body: string): number {
  const digits = body
    .toUpperCase()
    .split('')
    .map((ch) => (/[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55)))
    .join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Synthetic ISINs use the unassigned country prefix ZZ so they never collide with real ones. */
export function syntheticIsin(n: number): string {
  const body = `ZZS${String(n).padStart(6, '0')}01`.slice(0, 11);
  return body + isinCheckDigit(body);
}

const industriesFlat = SECTORS.flatMap((s) =>
  s.industries.map((name, i) => ({ sector: s.code, code: industryCode(s.code, i), name })),
);

/** The three companies of the SPEC samples, under their real identities; their figures are illustrative. */
export function sampleThree(): CompanySpec[] {
  const fmcg = industriesFlat.find((i) => i.name === 'Cigarettes and Tobacco Products')!;
  const refin = industriesFlat.find((i) => i.name === 'Refineries and Marketing')!;
  const bank = industriesFlat.find((i) => i.name === 'Private Sector Bank')!;
  const base = {
    status: 'active' as const,
    delistedOn: null,
    synthetic: false,
    illustrative: true,
    formerSymbols: [],
  };
  return [
    {
      ...base,
      index: -3,
      isin: 'INE154A01025',
      symbol: 'ITC',
      bseCode: '500875',
      name: 'ITC Limited',
      listingDate: '1995-08-23',
      faceValue: 1,
      sectorCode: fmcg.sector,
      industryCode: fmcg.code,
      industryName: fmcg.name,
      layout: 'general',
      hasConsolidated: true,
      baseRevenue: 42000,
      growth: 0.07,
      targetPe: 26,
      volatility: 0.014,
      sharesLatest: 12_512_000_000,
      actions: [{ action: 'bonus', exDate: '2016-06-30', ratioNew: 1, ratioHeld: 2, purpose: 'BONUS 1:2' }],
      promoterPct: 0,
      segments: [
        'FMCG - Cigarettes',
        'FMCG - Others',
        'Agri Business',
        'Paperboards, Paper and Packaging',
        'Hotels',
      ],
      targetPrice: 405,
    },
    {
      ...base,
      index: -2,
      isin: 'INE002A01018',
      symbol: 'RELIANCE',
      bseCode: '500325',
      name: 'Reliance Industries Limited',
      listingDate: '1995-11-29',
      faceValue: 10,
      sectorCode: refin.sector,
      industryCode: refin.code,
      industryName: refin.name,
      layout: 'general',
      hasConsolidated: true,
      baseRevenue: 330000,
      growth: 0.11,
      targetPe: 24,
      volatility: 0.015,
      sharesLatest: 13_532_000_000,
      actions: [
        {
          action: 'rights',
          exDate: '2020-05-14',
          ratioNew: 1,
          ratioHeld: 15,
          offerFraction: 0.84,
          purpose: 'RIGHTS 1:15 @ PREMIUM RS 1247/-',
        },
        { action: 'bonus', exDate: '2024-10-28', ratioNew: 1, ratioHeld: 1, purpose: 'BONUS 1:1' },
      ],
      promoterPct: 50.1,
      segments: ['Oil to Chemicals', 'Oil and Gas', 'Retail', 'Digital Services', 'Others'],
      targetPrice: 1510,
    },
    {
      ...base,
      index: -1,
      isin: 'INE040A01034',
      symbol: 'HDFCBANK',
      bseCode: '500180',
      name: 'HDFC Bank Limited',
      listingDate: '1995-11-08',
      faceValue: 1,
      sectorCode: bank.sector,
      industryCode: bank.code,
      industryName: bank.name,
      layout: 'bank',
      hasConsolidated: true,
      baseRevenue: 73000,
      growth: 0.16,
      targetPe: 20,
      volatility: 0.013,
      sharesLatest: 15_340_000_000,
      actions: [
        {
          action: 'split',
          exDate: '2019-09-19',
          faceValueFrom: 2,
          faceValueTo: 1,
          purpose: 'FACE VALUE SPLIT (SUB-DIVISION) - FROM RS 2/- PER SHARE TO RS 1/- PER SHARE',
        },
        { action: 'bonus', exDate: '2025-08-26', ratioNew: 1, ratioHeld: 1, purpose: 'BONUS 1:1' },
      ],
      promoterPct: 0,
      segments: ['Treasury', 'Retail Banking', 'Wholesale Banking', 'Other Banking Operations'],
      targetPrice: 985,
    },
  ];
}

const BONUS_RATIOS: [number, number][] = [
  [1, 1],
  [1, 2],
  [2, 1],
  [3, 2],
];
const SPLITS: [number, number][] = [
  [10, 5],
  [10, 2],
  [10, 1],
  [5, 1],
  [2, 1],
];

/** Synthetic company n (0-based), deterministic for a seed. */
export function syntheticCompany(seed: string, n: number, asOf: string): CompanySpec {
  const rng = new Rng(`${seed}/company/${n}`);
  const ind = industriesFlat[n % industriesFlat.length]!;
  const head = NAME_HEADS[Math.floor(n / NAME_TAILS.length) % NAME_HEADS.length]!;
  const tail = NAME_TAILS[n % NAME_TAILS.length]!;
  const word = ind.name.split(' ')[0]!;
  const serial = String(n + 1).padStart(4, '0');
  const layout = layoutOf(ind.name);
  // Size: log-uniform revenue, a long tail of small companies and a few large ones.
  const baseRevenue = Math.round(10 ** rng.range(1.3, 4.6) * (rng.chance(0.03) ? 8 : 1));
  const faceValue = rng.pick([1, 2, 5, 10, 10, 10]);
  const startYear = Number(asOf.slice(0, 4)) - 10;
  const actions: PlannedAction[] = [];
  const actionDate = () =>
    `${rng.int(startYear, startYear + 9)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(3, 26)).padStart(2, '0')}`;
  let fv = faceValue;
  if (rng.chance(0.1)) {
    const [from, to] = rng.pick(SPLITS.filter(([f]) => f <= 10));
    fv = from;
    actions.push({
      action: 'split',
      exDate: actionDate(),
      faceValueFrom: from,
      faceValueTo: to,
      purpose: `FACE VALUE SPLIT (SUB-DIVISION) - FROM RS ${from}/- PER SHARE TO RS ${to}/- PER SHARE`,
    });
  }
  if (rng.chance(0.12)) {
    const [a, b] = rng.pick(BONUS_RATIOS);
    actions.push({
      action: 'bonus',
      exDate: actionDate(),
      ratioNew: a,
      ratioHeld: b,
      purpose: `BONUS ${a}:${b}`,
    });
  }
  if (rng.chance(0.03)) {
    const held = rng.pick([4, 5, 8, 10]);
    actions.push({
      action: 'rights',
      exDate: actionDate(),
      ratioNew: 1,
      ratioHeld: held,
      offerFraction: rng.range(0.6, 0.9),
      purpose: `RIGHTS 1:${held}`,
    });
  }
  actions.sort((a, b) => (a.exDate < b.exDate ? -1 : 1));
  const split = actions.find((a) => a.action === 'split');
  const latestFv = split ? split.faceValueTo! : fv;
  // A fixed share of companies is delisted (about 0.6 %), suspended (0.4 %) or renamed (1.5 %).
  const status = n % 167 === 11 ? 'delisted' : n % 250 === 17 ? 'suspended' : 'active';
  const delistedOn =
    status === 'delisted'
      ? `${rng.int(startYear + 5, startYear + 9)}-${String(rng.int(1, 12)).padStart(2, '0')}-15`
      : null;
  const symbol = `Z${head.toUpperCase().slice(0, 5)}${word.toUpperCase().slice(0, 3)}${serial}`;
  const formerSymbols =
    n % 67 === 5
      ? [
          {
            symbol: `Z${NAME_HEADS[(n * 7) % NAME_HEADS.length]!.toUpperCase().slice(0, 5)}OLD${serial}`,
            changedOn: addDays(`${rng.int(startYear, startYear + 8)}-06-01`, rng.int(0, 150)),
          },
        ]
      : [];
  const targetPrice = Math.round(10 ** rng.range(1.3, 3.5));
  return {
    index: n,
    isin: syntheticIsin(n + 1),
    symbol,
    bseCode: String(900001 + n),
    name: `${head} ${word} ${tail} (Synthetic) Ltd`,
    listingDate: `${rng.int(1995, startYear - 1)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    faceValue: latestFv,
    sectorCode: ind.sector,
    industryCode: ind.code,
    industryName: ind.name,
    layout,
    status,
    delistedOn,
    hasConsolidated: rng.chance(0.35),
    synthetic: true,
    illustrative: false,
    baseRevenue,
    growth: rng.range(-0.02, 0.2),
    targetPe: rng.range(8, 45),
    volatility: rng.range(0.012, 0.032),
    sharesLatest: 0,
    actions,
    formerSymbols,
    promoterPct: rng.chance(0.15) ? 0 : Math.round(rng.range(25, 75) * 100) / 100,
    segments: rng.chance(0.4)
      ? [ind.name]
      : [`${ind.name} - Domestic`, `${ind.name} - Exports`, ...(rng.chance(0.4) ? ['Others'] : [])],
    targetPrice,
  };
}

/** Product of price factors of planned actions strictly after `date` (see engine/adjustment). */
export function plannedFactorAfter(spec: CompanySpec, date: string): number {
  let f = 1;
  for (const a of spec.actions) if (a.exDate > date) f *= plannedFactor(a);
  return f;
}

export function plannedFactor(a: PlannedAction): number {
  if (a.action === 'bonus') return a.ratioHeld! / (a.ratioNew! + a.ratioHeld!);
  if (a.action === 'split') return a.faceValueTo! / a.faceValueFrom!;
  return (a.ratioHeld! + a.offerFraction! * a.ratioNew!) / (a.ratioHeld! + a.ratioNew!);
}

/** Face value in force on a date (before a split, the larger one). */
export function faceValueOn(spec: CompanySpec, date: string): number {
  const split = spec.actions.filter((a) => a.action === 'split' && a.exDate > date)[0];
  return split ? split.faceValueFrom! : spec.faceValue;
}
