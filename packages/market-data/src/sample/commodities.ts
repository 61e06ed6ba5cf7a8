import { MCX_CONTRACTS, priceUnitOf } from '../engine/mcx-contracts.ts';
import { Rng } from './rng.ts';

/** [code, name, category, unit, base price in 2010] for the sample commodity series. */
export const COMMODITIES: [string, string, string, string, number][] = [
  ['CRUDE_BRENT', 'Crude oil, Brent', 'energy', 'USD/bbl', 78],
  ['CRUDE_WTI', 'Crude oil, WTI', 'energy', 'USD/bbl', 76],
  ['CRUDE_DUBAI', 'Crude oil, Dubai', 'energy', 'USD/bbl', 77],
  ['NGAS_US', 'Natural gas, US', 'energy', 'USD/mmbtu', 4.4],
  ['NGAS_EUR', 'Natural gas, Europe', 'energy', 'USD/mmbtu', 7.8],
  ['LNG_JP', 'Liquefied natural gas, Japan', 'energy', 'USD/mmbtu', 11],
  ['COAL_AUS', 'Coal, Australian', 'energy', 'USD/mt', 98],
  ['COAL_SAFRICA', 'Coal, South African', 'energy', 'USD/mt', 91],
  ['ALUMINUM', 'Aluminum', 'metals', 'USD/mt', 2170],
  ['COPPER', 'Copper', 'metals', 'USD/mt', 7530],
  ['LEAD', 'Lead', 'metals', 'USD/mt', 2150],
  ['NICKEL', 'Nickel', 'metals', 'USD/mt', 21800],
  ['TIN', 'Tin', 'metals', 'USD/mt', 20400],
  ['ZINC', 'Zinc', 'metals', 'USD/mt', 2160],
  ['IRON_ORE', 'Iron ore, cfr spot', 'metals', 'USD/dmtu', 146],
  ['GOLD', 'Gold', 'precious_metals', 'USD/troy oz', 1225],
  ['SILVER', 'Silver', 'precious_metals', 'USD/troy oz', 20],
  ['PLATINUM', 'Platinum', 'precious_metals', 'USD/troy oz', 1610],
  ['COCOA', 'Cocoa', 'agriculture', 'USD/kg', 3.1],
  ['COFFEE_ARABIC', 'Coffee, Arabica', 'agriculture', 'USD/kg', 4.3],
  ['COFFEE_ROBUS', 'Coffee, Robusta', 'agriculture', 'USD/kg', 1.7],
  ['TEA_AVG', 'Tea, average of three auctions', 'agriculture', 'USD/kg', 2.9],
  ['PALM_OIL', 'Palm oil', 'agriculture', 'USD/mt', 900],
  ['SOYBEAN_OIL', 'Soybean oil', 'agriculture', 'USD/mt', 1000],
  ['SOYBEANS', 'Soybeans', 'agriculture', 'USD/mt', 450],
  ['MAIZE', 'Maize', 'agriculture', 'USD/mt', 185],
  ['RICE_05', 'Rice, Thai 5%', 'agriculture', 'USD/mt', 490],
  ['WHEAT_US_HRW', 'Wheat, US HRW', 'agriculture', 'USD/mt', 225],
  ['SUGAR_WLD', 'Sugar, world', 'agriculture', 'USD/kg', 0.45],
  ['COTTON_A_INDX', 'Cotton, A Index', 'agriculture', 'USD/kg', 2.3],
  ['RUBBER_TSR20', 'Rubber, TSR20', 'agriculture', 'USD/kg', 3.2],
  ['UREA_EE_BULK', 'Urea', 'fertilizers', 'USD/mt', 290],
  ['DAP', 'Diammonium phosphate', 'fertilizers', 'USD/mt', 500],
  ['POTASH', 'Potassium chloride', 'fertilizers', 'USD/mt', 330],
  ['PHOSROCK', 'Phosphate rock', 'fertilizers', 'USD/mt', 123],
  ['IENERGY', 'Energy price index', 'monthly_index', 'index 2010=100', 100],
  ['INONFUEL', 'Non-energy price index', 'monthly_index', 'index 2010=100', 100],
  ['IAGRICULTURE', 'Agriculture price index', 'monthly_index', 'index 2010=100', 100],
  ['IMETMIN', 'Metals and minerals price index', 'monthly_index', 'index 2010=100', 100],
  ['IFERTILIZERS', 'Fertilizers price index', 'monthly_index', 'index 2010=100', 100],
  ['IPRECIOUSMET', 'Precious metals price index', 'monthly_index', 'index 2010=100', 100],
];

/** Month starts from 2010-01 up to the month before `asOf`. */
export function months(asOf: string): string[] {
  const out: string[] = [];
  const endY = Number(asOf.slice(0, 4));
  const endM = Number(asOf.slice(5, 7)) - 1;
  for (let y = 2010; y <= endY; y++)
    for (let m = 1; m <= 12; m++) {
      if (y === endY && m > endM) break;
      out.push(`${y}-${String(m).padStart(2, '0')}-01`);
    }
  return out;
}

/** Monthly prices of one series: a seeded random walk from its 2010 level, always positive. */
export function commodityPrices(
  seed: string,
  code: string,
  base: number,
  monthList: readonly string[],
): number[] {
  const rng = new Rng(`${seed}/commodity/${code}`);
  const vol = code.startsWith('I') && code === code.toUpperCase() && base === 100 ? 0.03 : 0.06;
  let x = 0;
  return monthList.map(() => {
    x += 0.002 + vol * rng.normal() - 0.02 * x;
    const p = base * Math.exp(x);
    return p >= 100 ? Math.round(p * 100) / 100 : Math.round(p * 10000) / 10000;
  });
}

/** [symbol, price in its quoting unit at the start, daily volatility, quantity per lot, expiry day of month] */
const FUTURES: [string, number, number, number, number][] = [
  ['GOLD', 127_000, 0.009, 1000, 5],
  ['SILVER', 151_000, 0.014, 30, 5],
  ['CRUDEOIL', 5_400, 0.02, 100, 19],
  ['NATURALGAS', 280, 0.03, 1250, 24],
  ['COPPER', 880, 0.012, 2500, 28],
];

/** A month's expiry: its day, or the weekday before it when that falls on a weekend. */
function expiryOf(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Sample MCX futures rows (the commodity_future columns) for the given trading days: five
 * commodities, each with its three nearest monthly contracts a day, priced from a seeded walk
 * with a small premium per month to expiry; the farthest contract often untraded (no range).
 */
export function commodityFutureRows(seed: string, days: readonly string[], source: string): unknown[][] {
  const out: unknown[][] = [];
  for (const [symbol, start, vol, lot, expiryDay] of FUTURES) {
    const rng = new Rng(`${seed}/future/${symbol}`);
    const c = MCX_CONTRACTS[symbol]!;
    const decimals = start >= 1000 ? 0 : 1;
    const round = (x: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;
    let spot = start;
    const previous = new Map<string, number>();
    for (const date of days) {
      spot *= Math.exp(vol * rng.normal());
      const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
      const expiries: string[] = [];
      for (let k = 0; expiries.length < 3; k++) {
        const e = expiryOf(y + Math.floor((m - 1 + k) / 12), ((m - 1 + k) % 12) + 1, expiryDay);
        if (e >= date) expiries.push(e);
      }
      expiries.forEach((expiry, i) => {
        const close = round(spot * (1 + 0.004 * (i + 1)));
        const lots = i === 2 && rng.next() < 0.6 ? 0 : Math.round(rng.range(200, 4000) / (i + 1) ** 2);
        const swing = close * vol * rng.range(0.3, 1);
        const [open, high, low] =
          lots === 0
            ? [null, null, null]
            : [round(close + swing * rng.range(-0.5, 0.5)), round(close + swing), round(close - swing)];
        const quantity = lots * lot;
        const average = lots === 0 ? 0 : (high! + low! + 2 * close) / 4;
        const value = Math.round(((quantity / c.per) * average) / 1000) / 100;
        out.push([
          'MCX',
          symbol,
          expiry,
          date,
          'FUTCOM',
          open,
          high,
          low,
          close,
          previous.get(expiry) ?? null,
          null,
          lots,
          quantity,
          c.quantityUnit,
          priceUnitOf(symbol),
          value,
          Math.round(rng.range(1000, 20000) / (i + 1)),
          lots === 0 ? null : lot,
          source,
        ]);
        previous.set(expiry, close);
      });
    }
  }
  return out;
}
