import { basename } from 'node:path';
import type { Parsed } from './errors.ts';
import { parseFullBhavcopy, parseLegacyBhavcopy } from './parsers/bhavcopy.ts';
import { parseCommodityCsv, parseCommodityDictionary, parseWorldBankPrices } from './parsers/commodities.ts';
import { parseBookClosure, parseCorporateActions } from './parsers/corporate-actions.ts';
import { parseDatasheet } from './parsers/datasheet.ts';
import { parseHolidays } from './parsers/holidays.ts';
import { parseBseScrips, parseIndexConstituents, parseNseEquityList } from './parsers/listings.ts';
import { parseMarketCap } from './parsers/market-cap.ts';
import { parseNseShareholding, parseQuarterlyShareholding } from './parsers/shareholding.ts';
import { parseXbrlResults } from './parsers/xbrl.ts';

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
  'xbrl-results': parseXbrlResults,
  datasheet: parseDatasheet,
  'shareholding-nse': parseNseShareholding,
  'shareholding-quarterly': parseQuarterlyShareholding,
  'commodity-prices-wb': parseWorldBankPrices,
  'commodity-dictionary': parseCommodityDictionary,
  'commodity-prices': parseCommodityCsv,
  'market-cap': parseMarketCap,
} satisfies Record<string, (text: string, file: string) => Parsed<unknown>>;

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
  [/\.xml$|\.xbrl$/i, 'xbrl-results'],
  [/datasheet.*\.csv$/i, 'datasheet'],
  [/promoter_holding.*\.csv$|^shareholding.*\.csv$/i, 'shareholding-nse'],
  [/_shareholding_quarterly.*\.csv$/i, 'shareholding-quarterly'],
  [/series_dictionary.*\.csv$/i, 'commodity-dictionary'],
  [/pinksheet.*prices.*\.csv$|^CMO-Historical.*\.csv$/i, 'commodity-prices-wb'],
  [/^commodit(y|ies)[-_]prices?.*\.csv$/i, 'commodity-prices'],
  [/^mcap\d{8}\.csv$/i, 'market-cap'],
];

/** The kind of a file from its name, or null when the name does not say. */
export function detectKind(path: string): IngestKind | null {
  const name = basename(path);
  return PATTERNS.find(([re]) => re.test(name))?.[1] ?? null;
}
