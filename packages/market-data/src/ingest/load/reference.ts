import type { CommodityPrice, CommoditySeries } from '../parsers/commodities.ts';
import type { Holiday } from '../parsers/holidays.ts';
import { bulk, emptyResult, type LoadContext, type LoadResult } from './common.ts';

/** NSE holiday master: one row per segment and date. */
export async function loadHolidays(ctx: LoadContext, records: readonly Holiday[]): Promise<LoadResult> {
  await bulk(
    ctx.tx,
    `INSERT INTO exchange_holiday (exchange, segment, holiday_date, description, source, as_of)
     SELECT 'NSE', r.segment, r.date, r.description, $2, $3::date
       FROM json_to_recordset($1::json) AS r(segment text, date date, description text)
     ON CONFLICT (exchange, segment, holiday_date) DO UPDATE SET description = EXCLUDED.description,
       source = EXCLUDED.source, as_of = EXCLUDED.as_of, ingested_at = now()
     WHERE exchange_holiday.description IS DISTINCT FROM EXCLUDED.description`,
    records.map((r) => ({ segment: r.segment, date: r.date, description: r.description })),
    [ctx.source, ctx.asOf],
  );
  return { ...emptyResult(), stored: records.length };
}

const CATEGORIES: [RegExp, string][] = [
  [/^(CRUDE|COAL|NGAS|INATGAS|ENERGY)/i, 'energy'],
  [/^(GOLD|SILVER|PLATINUM)/i, 'precious_metals'],
  [/^(ALUMINUM|COPPER|IRON_ORE|LEAD|NICKEL|TIN|ZINC|STEEL)/i, 'metals'],
  [/^(PHOSROCK|DAP|TSP|UREA|POTASH)/i, 'fertilizers'],
  [/^(LOGS|SAWNWD|PLYWOOD|COTTON|RUBBER)/i, 'raw_materials'],
  [/^(COCOA|COFFEE|TEA)/i, 'beverages'],
];

/** World Bank commodity groups (energy, metals, fertilizers...); the rest is food. */
export function commodityCategory(code: string): string {
  return CATEGORIES.find(([re]) => re.test(code))?.[1] ?? 'food';
}

/** Series dictionary: name and unit of each commodity code. */
export async function loadCommoditySeries(
  ctx: LoadContext,
  records: readonly CommoditySeries[],
): Promise<LoadResult> {
  await bulk(
    ctx.tx,
    `INSERT INTO commodity (code, name, category, unit, source, as_of)
     SELECT r.code, r.name, r.category, r.unit, $2, $3::date
       FROM json_to_recordset($1::json) AS r(code text, name text, category text, unit text)
     ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, unit = EXCLUDED.unit,
       source = EXCLUDED.source, as_of = EXCLUDED.as_of, ingested_at = now()
     WHERE (commodity.name, commodity.unit) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.unit)`,
    records.map((r) => ({ code: r.code, name: r.name, unit: r.unit, category: commodityCategory(r.code) })),
    [ctx.source, ctx.asOf],
  );
  return { ...emptyResult(), stored: records.length };
}

/**
 * Monthly commodity prices. A code not yet described by a dictionary is added with its code as
 * name and an unknown unit, and is completed when the dictionary is ingested.
 */
export async function loadCommodityPrices(
  ctx: LoadContext,
  records: readonly CommodityPrice[],
): Promise<LoadResult> {
  const codes = [...new Set(records.map((r) => r.code))];
  await bulk(
    ctx.tx,
    `INSERT INTO commodity (code, name, category, unit, source, as_of)
     SELECT r.code, r.code, r.category, 'unknown', $2, $3::date
       FROM json_to_recordset($1::json) AS r(code text, category text)
     ON CONFLICT (code) DO NOTHING`,
    codes.map((code) => ({ code, category: commodityCategory(code) })),
    [ctx.source, ctx.asOf],
  );
  await bulk(
    ctx.tx,
    `INSERT INTO commodity_price (code, month, price, source)
     SELECT r.code, (r.month || '-01')::date, r.price, $2
       FROM json_to_recordset($1::json) AS r(code text, month text, price double precision)
     ON CONFLICT (code, month) DO UPDATE SET price = EXCLUDED.price, source = EXCLUDED.source, ingested_at = now()
     WHERE commodity_price.price IS DISTINCT FROM EXCLUDED.price`,
    records.map((r) => ({ code: r.code, month: r.month, price: r.price })),
    [ctx.source],
  );
  return { ...emptyResult(), stored: records.length };
}
