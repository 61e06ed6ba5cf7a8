import type { Queryable } from '../db/index.ts';
import { type CompanyName, type Provenance, refOf } from './resolve.ts';

export interface SymbolEntry {
  symbol: string;
  name: string;
  isin: string;
  bseCode: string | null;
  series: string;
  status: 'active' | 'suspended' | 'delisted';
}

export interface CompanyProfile extends Provenance {
  symbol: string | null;
  name: string;
  isin: string;
  bseCode: string | null;
  series: string;
  listingDate: string | null;
  faceValue: number | null;
  paidUpValue: number | null;
  marketLot: number;
  sector: string | null;
  sectorCode: string | null;
  industry: string | null;
  industryCode: string | null;
  status: 'active' | 'suspended' | 'delisted';
  delistedOn: string | null;
  layout: string;
  hasConsolidated: boolean;
  sharesOutstanding: number | null;
  synthetic: boolean;
  illustrative: boolean;
  formerSymbols: { symbol: string; changedOn: string }[];
}

export interface CompanySummary {
  symbol: string | null;
  name: string;
  isin: string;
  sector: string | null;
  industry: string | null;
  status: string;
  marketCap: number | null;
}

const PROFILE_COLUMNS = `c.symbol, c.name, c.isin, c.bse_code AS "bseCode", c.series,
  c.listing_date AS "listingDate", c.face_value AS "faceValue", c.paid_up_value AS "paidUpValue",
  c.market_lot AS "marketLot", s.name AS sector, c.sector_code AS "sectorCode", i.name AS industry,
  c.industry_code AS "industryCode", c.status, c.delisted_on AS "delistedOn", c.layout,
  c.has_consolidated AS "hasConsolidated", c.shares_outstanding AS "sharesOutstanding",
  c.synthetic, c.illustrative, c.source, c.as_of AS "asOf"`;

const JOINS = `FROM company c LEFT JOIN sector s ON s.code = c.sector_code
  LEFT JOIN industry i ON i.code = c.industry_code`;

/** Every listed symbol, active first then alphabetical. `status` filters (default: all). */
export async function listSymbols(
  q: Queryable,
  opts: { status?: 'active' | 'suspended' | 'delisted' } = {},
): Promise<SymbolEntry[]> {
  const { rows } = await q.query<SymbolEntry>(
    `SELECT symbol, name, isin, bse_code AS "bseCode", series, status FROM company
      WHERE symbol IS NOT NULL AND ($1::text IS NULL OR status = $1) ORDER BY symbol`,
    [opts.status ?? null],
  );
  return rows;
}

export async function getCompanyProfile(q: Queryable, symbol: CompanyName): Promise<CompanyProfile | null> {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  const { rows } = await q.query<Omit<CompanyProfile, 'formerSymbols'>>(
    `SELECT ${PROFILE_COLUMNS} ${JOINS} WHERE c.isin = $1`,
    [ref.isin],
  );
  const former = await q.query<{ symbol: string; changedOn: string }>(
    `SELECT old_symbol AS symbol, changed_on AS "changedOn" FROM symbol_history WHERE isin = $1 ORDER BY changed_on`,
    [ref.isin],
  );
  return { ...rows[0]!, formerSymbols: former.rows };
}

export interface SectorEntry {
  code: string;
  name: string;
  industries: { code: string; name: string; companies: number }[];
}

/** The sector → industry hierarchy with company counts. */
export async function listSectors(q: Queryable): Promise<SectorEntry[]> {
  const { rows } = await q.query<{ sc: string; sn: string; ic: string; iname: string; n: number }>(
    `SELECT s.code AS sc, s.name AS sn, i.code AS ic, i.name AS iname,
            (SELECT count(*)::int FROM company c WHERE c.industry_code = i.code) AS n
       FROM sector s JOIN industry i ON i.sector_code = s.code ORDER BY s.name, i.name`,
  );
  const out = new Map<string, SectorEntry>();
  for (const r of rows) {
    let s = out.get(r.sc);
    if (!s) {
      s = { code: r.sc, name: r.sn, industries: [] };
      out.set(r.sc, s);
    }
    s.industries.push({ code: r.ic, name: r.iname, companies: r.n });
  }
  return [...out.values()];
}

const LAST_CLOSE = `(SELECT q.close FROM daily_quote q WHERE q.isin = c.isin AND q.exchange = 'NSE'
  ORDER BY q.trade_date DESC LIMIT 1)`;

/**
 * Companies in a sector or industry, matched by code or name (case-insensitive), largest
 * market capitalisation first. An empty array when the group value matches nothing.
 */
export async function searchCompanies(
  q: Queryable,
  opts: { group: 'sector' | 'industry'; value: string },
): Promise<CompanySummary[]> {
  const table = opts.group === 'sector' ? 's' : 'i';
  const { rows } = await q.query<CompanySummary>(
    `SELECT c.symbol, c.name, c.isin, s.name AS sector, i.name AS industry, c.status,
            round((${LAST_CLOSE} * c.shares_outstanding / 1e7)::numeric, 2) AS "marketCap"
       ${JOINS}
      WHERE (upper(${table}.code) = upper($1) OR upper(${table}.name) = upper($1))
      ORDER BY c.status = 'active' DESC, "marketCap" DESC NULLS LAST, c.symbol`,
    [opts.value.trim()],
  );
  return rows;
}

/**
 * Active companies sharing the company's industry (or sector), largest first, the company
 * itself excluded. Null when the symbol is unknown.
 */
export async function getPeers(
  q: Queryable,
  symbol: CompanyName,
  opts: { group?: 'sector' | 'industry'; limit?: number } = {},
): Promise<{ symbol: string | null; group: string; value: string | null; peers: CompanySummary[] } | null> {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  const group = opts.group ?? 'industry';
  const code = group === 'sector' ? ref.sectorCode : ref.industryCode;
  if (!code) return { symbol: ref.symbol, group, value: null, peers: [] };
  const col = group === 'sector' ? 'c.sector_code' : 'c.industry_code';
  const { rows } = await q.query<CompanySummary>(
    `SELECT c.symbol, c.name, c.isin, s.name AS sector, i.name AS industry, c.status,
            round((${LAST_CLOSE} * c.shares_outstanding / 1e7)::numeric, 2) AS "marketCap"
       ${JOINS}
      WHERE ${col} = $1 AND c.isin <> $2 AND c.status = 'active'
      ORDER BY "marketCap" DESC NULLS LAST, c.symbol LIMIT $3`,
    [code, ref.isin, opts.limit ?? 20],
  );
  const name = await q.query<{ name: string }>(
    `SELECT name FROM ${group === 'sector' ? 'sector' : 'industry'} WHERE code = $1`,
    [code],
  );
  return { symbol: ref.symbol, group, value: name.rows[0]?.name ?? code, peers: rows };
}
