import type { IngestKind } from './kinds.ts';

/**
 * How often a kind's source publishes: `daily` after each trading day's close, `overnight`
 * after an evening market's close (MCX trades until 23:30 or 23:55 IST: its day's file is
 * fetched the next morning), `filing` as companies file (found through a filings index polled
 * during the filing window), `monthly` (commodity prices), `yearly` (the holiday list, checked
 * monthly for amendments).
 */
export type SyncSchedule = 'daily' | 'overnight' | 'filing' | 'monthly' | 'yearly';

export const KIND_SCHEDULE: Record<IngestKind, SyncSchedule> = {
  'nse-equity-list': 'daily',
  'bse-scrips': 'daily',
  'index-constituents': 'daily',
  'bhavcopy-legacy': 'daily',
  'bhavcopy-full': 'daily',
  'book-closure': 'daily',
  'corporate-actions': 'daily',
  'market-cap': 'daily',
  datasheet: 'daily',
  'statements-wide': 'daily',
  'shareholding-quarterly': 'daily',
  'xbrl-results': 'filing',
  'shareholding-nse': 'filing',
  'shareholding-xbrl': 'filing',
  'commodity-prices-wb': 'monthly',
  'commodity-dictionary': 'monthly',
  'commodity-prices': 'monthly',
  holidays: 'yearly',
  'holidays-csv': 'yearly',
  'mcx-bhavcopy': 'overnight',
};

/**
 * One source: a URL template and the kind it serves. For a `filing` kind the URL is the filings
 * index (JSON) whose entries name each filing; for the others it is the file itself. With a
 * body the file is asked for with a POST of that JSON (a service behind an exchange's page).
 */
export interface SyncSource {
  kind: IngestKind;
  /** Placeholders: {DD} {MM} {YYYY} {YY} {MMM} (JAN) {Mmm} (Jan). */
  url: string;
  /** A JSON request body, with the same placeholders; the request is then a POST. */
  body?: string;
}

const NSE_ARCHIVES = 'https://nsearchives.nseindia.com';
const NSE_API = 'https://www.nseindia.com/api';
const MCX = 'https://www.mcxindia.com';

/**
 * The exchanges' public archive and filing paths, as they publish them: plain CSV per trading
 * day (full bhavcopy, book closures, market capitalisation), the current equity master and
 * index list, the corporate-actions list and the filings indexes of results and shareholding
 * (JSON), and the trading-holiday master (JSON). Commodity prices come from MCX's daily
 * bhavcopy: MCX publishes no file at a dated path; its Bhavcopy page takes its table from a
 * JSON service asked with a POST of the day (the path and body public client libraries use;
 * not confirmed against the live site, which may refuse clients that are not browsers). A CSV
 * export or mirror can be set instead in DATA_SYNC_SOURCES. The World Bank's monthly table is a
 * spreadsheet the ingester does not read; a CSV of it can be set too.
 */
export const DEFAULT_SOURCES: readonly SyncSource[] = [
  { kind: 'holidays', url: `${NSE_API}/holiday-master?type=trading` },
  { kind: 'nse-equity-list', url: `${NSE_ARCHIVES}/content/equities/EQUITY_L.csv` },
  { kind: 'index-constituents', url: `${NSE_ARCHIVES}/content/indices/ind_nifty500list.csv` },
  { kind: 'book-closure', url: `${NSE_ARCHIVES}/archives/equities/bc/bc{DD}{MM}{YY}.csv` },
  {
    kind: 'corporate-actions',
    url: `${NSE_API}/corporates-corporateActions?index=equities&from_date={DD}-{MM}-{YYYY}&to_date={DD}-{MM}-{YYYY}&csv=true`,
  },
  { kind: 'bhavcopy-full', url: `${NSE_ARCHIVES}/products/content/sec_bhavdata_full_{DD}{MM}{YYYY}.csv` },
  { kind: 'market-cap', url: `${NSE_ARCHIVES}/archives/equities/mkt/MCAP{DD}{MM}{YYYY}.csv` },
  { kind: 'xbrl-results', url: `${NSE_API}/corporates-financial-results?index=equities&period=Quarterly` },
  { kind: 'shareholding-nse', url: `${NSE_API}/corporate-share-holdings-master?index=equities` },
  {
    kind: 'mcx-bhavcopy',
    url: `${MCX}/backpage.aspx/GetDateWiseBhavCopy`,
    body: '{"Date":"{YYYY}{MM}{DD}","InstrumentName":"ALL"}',
  },
];

/** The data sets the product sells, the kinds that feed each, and their schedule. */
export interface DataSet {
  name: string;
  kinds: readonly IngestKind[];
  schedule: SyncSchedule;
}

export const DATA_SETS: readonly DataSet[] = [
  { name: 'prices', kinds: ['bhavcopy-full', 'bhavcopy-legacy'], schedule: 'daily' },
  { name: 'equity-master', kinds: ['nse-equity-list', 'bse-scrips'], schedule: 'daily' },
  { name: 'corporate-actions', kinds: ['book-closure', 'corporate-actions'], schedule: 'daily' },
  { name: 'market-cap', kinds: ['market-cap'], schedule: 'daily' },
  { name: 'index-constituents', kinds: ['index-constituents'], schedule: 'daily' },
  { name: 'financial-results', kinds: ['xbrl-results', 'datasheet'], schedule: 'filing' },
  {
    name: 'shareholding',
    kinds: ['shareholding-nse', 'shareholding-xbrl', 'shareholding-quarterly'],
    schedule: 'filing',
  },
  {
    name: 'commodity-prices',
    kinds: ['commodity-prices-wb', 'commodity-prices', 'commodity-dictionary'],
    schedule: 'monthly',
  },
  { name: 'commodity-futures', kinds: ['mcx-bhavcopy'], schedule: 'overnight' },
  { name: 'holidays', kinds: ['holidays'], schedule: 'yearly' },
];
