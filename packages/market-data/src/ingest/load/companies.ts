import type { BseScrip, IndexConstituent, NseListing } from '../parsers/listings.ts';
import { bulk, emptyResult, type LoadContext, type LoadResult, slug } from './common.ts';
import { dateSymbolChanges, recordSymbolsSeen, resolveIsinRows } from './symbols.ts';

/**
 * NSE equity master: one company per ISIN. A new symbol for a known ISIN is recorded in the
 * symbol history (old symbols keep resolving); a symbol now held by another ISIN is released
 * from the old holder first, also with history.
 */
export async function loadNseListings(ctx: LoadContext, records: readonly NseListing[]): Promise<LoadResult> {
  const result = emptyResult();
  const rows = records.map((r) => ({
    isin: r.isin,
    symbol: r.symbol,
    name: r.name,
    series: r.series,
    listing_date: r.listingDate,
    face_value: r.faceValue,
    paid_up_value: r.paidUpValue,
    market_lot: r.marketLot ?? 1,
  }));
  const recordset = `json_to_recordset($1::json) AS r(isin text, symbol text, name text, series text,
    listing_date date, face_value numeric, paid_up_value numeric, market_lot int)`;
  // Symbol history for renamed ISINs and for symbols moving to another ISIN.
  await bulk(
    ctx.tx,
    `WITH r AS (SELECT * FROM ${recordset}),
     hit AS (SELECT c.isin, c.symbol FROM company c JOIN r ON r.isin = c.isin
             UNION
             SELECT c.isin, c.symbol FROM company c JOIN r ON upper(c.symbol) = upper(r.symbol))
     INSERT INTO symbol_history (isin, old_symbol, new_symbol, changed_on, source, as_of)
     SELECT hit.isin, hit.symbol, coalesce(n.symbol, '(released)'), $3::date, $2, $3::date
       FROM hit LEFT JOIN r n ON n.isin = hit.isin
      WHERE hit.symbol IS NOT NULL AND upper(hit.symbol) <> upper(coalesce(n.symbol, ''))
     ON CONFLICT (isin, old_symbol, changed_on) DO NOTHING`,
    rows,
    [ctx.source, ctx.asOf],
  );
  await bulk(
    ctx.tx,
    `UPDATE company c SET symbol = NULL
       FROM ${recordset}
      WHERE upper(c.symbol) = upper(r.symbol) AND c.isin <> r.isin`,
    rows,
  );
  await bulk(
    ctx.tx,
    `INSERT INTO company (isin, symbol, name, series, listing_date, face_value, paid_up_value, market_lot,
                          source, as_of)
     SELECT r.isin, r.symbol, r.name, r.series, r.listing_date, r.face_value, r.paid_up_value, r.market_lot,
            $2, $3::date
       FROM ${recordset}
     ON CONFLICT (isin) DO UPDATE SET
       symbol = EXCLUDED.symbol, name = EXCLUDED.name, series = EXCLUDED.series,
       listing_date = coalesce(EXCLUDED.listing_date, company.listing_date),
       face_value = coalesce(EXCLUDED.face_value, company.face_value),
       paid_up_value = coalesce(EXCLUDED.paid_up_value, company.paid_up_value),
       market_lot = EXCLUDED.market_lot, synthetic = false,
       source = EXCLUDED.source, as_of = EXCLUDED.as_of, ingested_at = now()
     WHERE (company.symbol, company.name, company.series, company.listing_date, company.face_value,
            company.paid_up_value, company.market_lot, company.synthetic)
       IS DISTINCT FROM (EXCLUDED.symbol, EXCLUDED.name, EXCLUDED.series, EXCLUDED.listing_date,
            EXCLUDED.face_value, EXCLUDED.paid_up_value, EXCLUDED.market_lot, false)`,
    rows,
    [ctx.source, ctx.asOf],
  );
  // The master shows each symbol on its date: a symbol change is on or before it.
  await recordSymbolsSeen(
    ctx.tx,
    rows.map((r) => ({ isin: r.isin, symbol: r.symbol, date: ctx.asOf })),
  );
  await dateSymbolChanges(
    ctx.tx,
    rows.map((r) => r.isin),
  );
  result.stored = rows.length;
  return result;
}

interface Classification {
  isin: string;
  sector: string | null;
  industry: string | null;
}

/**
 * Sector and industry follow the exchanges' common classification: the product's sector is its
 * "Sector" level (NSE index lists' Industry column, BSE's Industry New Name) and its industry
 * is the next level down (BSE's Igroup Name). Codes are slugs of the names, so the two
 * exchanges' spellings ("Oil, Gas & ..." and "Oil Gas & ...") meet.
 */
async function classify(ctx: LoadContext, items: readonly Classification[]): Promise<void> {
  const { tx } = ctx;
  const sectorCode = new Map<string, string>();
  for (const r of (await tx.query<{ code: string; name: string }>('SELECT code, name FROM sector')).rows) {
    sectorCode.set(slug(r.name), r.code);
  }
  const newSectors = new Map<string, string>();
  for (const c of items) {
    if (c.sector && !sectorCode.has(slug(c.sector))) {
      sectorCode.set(slug(c.sector), slug(c.sector));
      newSectors.set(slug(c.sector), c.sector);
    }
  }
  await bulk(
    tx,
    `INSERT INTO sector (code, name) SELECT r.code, r.name FROM json_to_recordset($1::json) AS r(code text, name text)
     ON CONFLICT DO NOTHING`,
    [...newSectors].map(([code, name]) => ({ code, name })),
  );
  const industryCode = new Map<string, string>();
  const taken = new Set<string>();
  for (const r of (
    await tx.query<{ code: string; name: string; sector: string }>(
      'SELECT code, name, sector_code AS sector FROM industry',
    )
  ).rows) {
    industryCode.set(`${r.sector}|${slug(r.name)}`, r.code);
    taken.add(r.code);
  }
  const newIndustries: { code: string; name: string; sector: string }[] = [];
  const codes: { isin: string; sector: string | null; industry: string | null }[] = [];
  for (const c of items) {
    const sector = c.sector ? sectorCode.get(slug(c.sector))! : null;
    let industry: string | null = null;
    if (sector && c.industry) {
      const key = `${sector}|${slug(c.industry)}`;
      industry = industryCode.get(key) ?? null;
      if (!industry) {
        industry = taken.has(slug(c.industry)) ? `${sector}-${slug(c.industry)}` : slug(c.industry);
        industryCode.set(key, industry);
        taken.add(industry);
        newIndustries.push({ code: industry, name: c.industry, sector });
      }
    }
    codes.push({ isin: c.isin, sector, industry });
  }
  await bulk(
    tx,
    `INSERT INTO industry (code, name, sector_code)
     SELECT r.code, r.name, r.sector FROM json_to_recordset($1::json) AS r(code text, name text, sector text)
     ON CONFLICT DO NOTHING`,
    newIndustries,
  );
  // A sector-only source (index lists) keeps an existing industry only when it sits in that sector.
  await bulk(
    tx,
    `UPDATE company c SET sector_code = r.sector,
            industry_code = CASE WHEN r.industry IS NOT NULL THEN r.industry
              WHEN EXISTS (SELECT 1 FROM industry i WHERE i.code = c.industry_code AND i.sector_code = r.sector)
              THEN c.industry_code END
       FROM json_to_recordset($1::json) AS r(isin text, sector text, industry text)
      WHERE c.isin = r.isin AND r.sector IS NOT NULL
        AND (c.sector_code IS DISTINCT FROM r.sector OR (r.industry IS NOT NULL AND c.industry_code IS DISTINCT FROM r.industry))`,
    codes,
  );
}

/**
 * BSE list of scrips: joins to the NSE master on ISIN (adds the BSE code and classification);
 * a BSE-only company is added with its BSE code and no NSE symbol.
 */
export async function loadBseScrips(ctx: LoadContext, records: readonly BseScrip[]): Promise<LoadResult> {
  const result = emptyResult();
  const rows = records.map((r) => ({
    isin: r.isin,
    code: r.code,
    name: r.name,
    face_value: r.faceValue,
    status: /suspend/i.test(r.status) ? 'suspended' : /delist/i.test(r.status) ? 'delisted' : 'active',
  }));
  await bulk(
    ctx.tx,
    `INSERT INTO company (isin, bse_code, name, face_value, status, source, as_of)
     SELECT DISTINCT ON (r.isin) r.isin, r.code, r.name, r.face_value, r.status, $2, $3::date
       FROM json_to_recordset($1::json) AS r(isin text, code text, name text, face_value numeric, status text)
     ON CONFLICT (isin) DO UPDATE SET bse_code = EXCLUDED.bse_code,
       face_value = coalesce(company.face_value, EXCLUDED.face_value)
     WHERE company.bse_code IS DISTINCT FROM EXCLUDED.bse_code
        OR (company.face_value IS NULL AND EXCLUDED.face_value IS NOT NULL)`,
    rows,
    [ctx.source, ctx.asOf],
  );
  await classify(
    ctx,
    records.map((r) => ({ isin: r.isin, sector: r.industry, industry: r.industryGroup })),
  );
  result.stored = rows.length;
  return result;
}

/** Index constituent list: sector of each constituent known to the master. */
export async function loadIndexConstituents(
  ctx: LoadContext,
  records: readonly IndexConstituent[],
): Promise<LoadResult> {
  const result = emptyResult();
  const known = await resolveIsinRows(ctx.tx, records);
  const isinOf = (r: IndexConstituent) => known.get(`${r.symbol.toUpperCase()}|${r.isin}`);
  const kept = records.filter((r) => {
    if (isinOf(r)) return true;
    result.rejected.push({ line: r.line, reason: `not in the company master: ${r.symbol} (${r.isin})` });
    return false;
  });
  await classify(
    ctx,
    kept.map((r) => ({ isin: isinOf(r)!, sector: r.industry, industry: null })),
  );
  result.stored = kept.length;
  return result;
}
