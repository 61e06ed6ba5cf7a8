import { basename } from 'node:path';
import { splitCsv } from './csv.ts';
import type { Parsed } from './errors.ts';
import { parseFullBhavcopy, parseLegacyBhavcopy } from './parsers/bhavcopy.ts';
import { parseCommodityCsv, parseCommodityDictionary, parseWorldBankPrices } from './parsers/commodities.ts';
import { parseBookClosure, parseCorporateActions } from './parsers/corporate-actions.ts';
import { parseDatasheet } from './parsers/datasheet.ts';
import { parseHolidayCsv, parseHolidays } from './parsers/holidays.ts';
import { parseBseScrips, parseIndexConstituents, parseNseEquityList } from './parsers/listings.ts';
import { parseMarketCap } from './parsers/market-cap.ts';
import { isMcxBhavcopyHeader, parseMcxBhavcopy } from './parsers/mcx.ts';
import { parseNseShareholding, parseQuarterlyShareholding } from './parsers/shareholding.ts';
import { isWide, parseWideStatements } from './parsers/wide-statements.ts';
import { isShareholdingXbrl, parseXbrlResults, parseXbrlShareholding } from './parsers/xbrl.ts';

/** The file kinds the ingester reads, each with its parser. */
export const PARSERS = {
  'nse-equity-list': parseNseEquityList,
  'bse-scrips': parseBseScrips,
  'index-constituents': parseIndexConstituents,
  'bhavcopy-legacy': parseLegacyBhavcopy,
  'bhavcopy-full': parseFullBhavcopy,
  'book-closure': parseBookClosure,
  'corporate-actions': parseCorporateActions,
  holidays: parseHolidays,
  'holidays-csv': parseHolidayCsv,
  'xbrl-results': parseXbrlResults,
  'shareholding-xbrl': parseXbrlShareholding,
  datasheet: parseDatasheet,
  'statements-wide': parseWideStatements,
  'shareholding-nse': parseNseShareholding,
  'shareholding-quarterly': parseQuarterlyShareholding,
  'commodity-prices-wb': parseWorldBankPrices,
  'commodity-dictionary': parseCommodityDictionary,
  'commodity-prices': parseCommodityCsv,
  'market-cap': parseMarketCap,
  'mcx-bhavcopy': parseMcxBhavcopy,
} satisfies Record<string, (text: string, file: string, company?: string) => Parsed<unknown>>;

export type IngestKind = keyof typeof PARSERS;
export const INGEST_KINDS = Object.keys(PARSERS) as IngestKind[];

const PATTERNS: [RegExp, IngestKind][] = [
  [/^EQUITY_L\.csv$/i, 'nse-equity-list'],
  [/bse.*scrip|^Equity\.csv$/i, 'bse-scrips'],
  [/^ind_nifty\w*list\.csv$|^nifty\w*list\.csv$/i, 'index-constituents'],
  [/^cm\d{2}[A-Z]{3}\d{4}bhav\.csv$/i, 'bhavcopy-legacy'],
  [/^sec_bhavdata_full_\d{8}\.csv$/i, 'bhavcopy-full'],
  [/^(nse_)?bc\d{6,8}\.csv$/i, 'book-closure'],
  [/corporate_actions.*\.csv$|^CF-CA-equities.*\.csv$/i, 'corporate-actions'],
  [/holiday.*\.json$/i, 'holidays'],
  [/holiday.*\.csv$/i, 'holidays-csv'],
  [/\.xml$|\.xbrl$/i, 'xbrl-results'],
  [/datasheet.*\.csv$/i, 'datasheet'],
  [/promoter_holding.*\.csv$|^shareholding.*\.csv$/i, 'shareholding-nse'],
  [/_shareholding_quarterly.*\.csv$/i, 'shareholding-quarterly'],
  [/series_dictionary.*\.csv$/i, 'commodity-dictionary'],
  [/pinksheet.*prices.*\.csv$|^CMO-Historical.*\.csv$/i, 'commodity-prices-wb'],
  [/^commodit(y|ies)[-_]prices?.*\.csv$/i, 'commodity-prices'],
  [/^mcap\d{8}\.csv$/i, 'market-cap'],
  [/(mcx.*bhav|bhav.*mcx).*\.(csv|json)$/i, 'mcx-bhavcopy'],
];

/** The kind of a file from its name, or null when the name does not say. */
export function detectKind(path: string): IngestKind | null {
  const name = basename(path);
  return PATTERNS.find(([re]) => re.test(name))?.[1] ?? null;
}

/**
 * The kind of a file from its name, else its content; an XBRL document (.xml) is results or a
 * shareholding pattern by its facts.
 */
export function detectKindOf(path: string, text: string): IngestKind | null {
  const byName = detectKind(path);
  if (byName === 'xbrl-results' && isShareholdingXbrl(text)) return 'shareholding-xbrl';
  return byName ?? detectKindFromContent(text);
}

/** Header columns that name a layout, checked in order against a CSV's first line. */
const HEADERS: [string[], IngestKind][] = [
  [['SYMBOL', 'SERIES', 'TOTTRDVAL', 'TIMESTAMP'], 'bhavcopy-legacy'],
  [['SYMBOL', 'SERIES', 'DATE1', 'TURNOVER_LACS'], 'bhavcopy-full'],
  [['NAME OF COMPANY', 'ISIN NUMBER'], 'nse-equity-list'],
  [['PURPOSE', 'EX_DT'], 'book-closure'],
  [['PURPOSE', 'EX_DATE'], 'corporate-actions'],
  [['SECTION', 'LINE_ITEM', 'PERIOD_END', 'VALUE'], 'datasheet'],
  [['DESCRIPTION', 'DATE', 'DAY'], 'holidays-csv'],
];

/**
 * The kind of a file from its content, when its name does not say: the header row of a known
 * layout (MCX's bhavcopy by its columns under any of their spellings), or a wide sheet (periods across): shareholding when its rows are holder categories,
 * else statements.
 */
export function detectKindFromContent(text: string): IngestKind | null {
  if (/^\s*(<\?xml[^>]*>\s*)?<(\w+:)?xbrl[\s>]/.test(text))
    return isShareholdingXbrl(text) ? 'shareholding-xbrl' : 'xbrl-results';
  if (/^\s*[[{]/.test(text) && /"InstrumentName"/.test(text) && /"ExpiryDate"/.test(text))
    return 'mcx-bhavcopy';
  const rows = splitCsv(text.slice(0, 20_000));
  const head = (rows[0]?.cells ?? []).map((c) => c.trim().toUpperCase());
  const hit = HEADERS.find(([cols]) => cols.every((c) => head.includes(c)));
  if (hit) return hit[1];
  if (isMcxBhavcopyHeader(rows[0]?.cells ?? [])) return 'mcx-bhavcopy';
  if (!isWide(rows)) return null;
  const labels = rows.map((r) => (r.cells[0] ?? '').replace(/\+$/, '').trim().toUpperCase());
  return labels.includes('PROMOTERS') && labels.includes('PUBLIC')
    ? 'shareholding-quarterly'
    : 'statements-wide';
}
