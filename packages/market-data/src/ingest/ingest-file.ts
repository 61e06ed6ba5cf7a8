import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { bumpDataVersion } from '../data-version.ts';
import type { Db, Queryable } from '../db/index.ts';
import { refreshAdjustmentFactors } from '../store/adjustments.ts';
import { binaryKind, binaryMessage, decodeText } from './encoding.ts';
import { IngestError, type Parsed, type Rejection } from './errors.ts';
import { detectKindOf, type IngestKind, PARSERS } from './kinds.ts';
import { loadCorporateActions } from './load/actions.ts';
import { loadCommodityFutures } from './load/commodity-futures.ts';
import type { LoadContext, LoadResult } from './load/common.ts';
import { loadBseScrips, loadIndexConstituents, loadNseListings } from './load/companies.ts';
import { loadMarketCap } from './load/market-cap.ts';
import { loadPrices } from './load/prices.ts';
import { loadCommodityPrices, loadCommoditySeries, loadHolidays } from './load/reference.ts';
import { loadShareholding } from './load/shareholding.ts';
import { loadDatasheet, loadXbrlResults } from './load/statements.ts';
import { resolveIsinRows, resolveIsins, resolveSymbols } from './load/symbols.ts';
import { companyOf, isWide, wideSheetLines } from './parsers/wide-statements.ts';
import { checkQuality, clearExplainedMoves, type QualityIssue } from './quality.ts';
import { readWorkbook } from './workbook.ts';

// Each loader takes the records its kind's parser produces.
// biome-ignore lint/suspicious/noExplicitAny: the pairing of parser and loader is checked by the table below.
type Loader = (ctx: LoadContext, records: any[]) => Promise<LoadResult>;

const LOADERS: Record<IngestKind, Loader> = {
  'nse-equity-list': loadNseListings,
  'bse-scrips': loadBseScrips,
  'index-constituents': loadIndexConstituents,
  'bhavcopy-legacy': loadPrices,
  'bhavcopy-full': loadPrices,
  'book-closure': loadCorporateActions,
  'corporate-actions': loadCorporateActions,
  holidays: loadHolidays,
  'holidays-csv': loadHolidays,
  'xbrl-results': loadXbrlResults,
  'shareholding-xbrl': loadShareholding,
  datasheet: loadDatasheet,
  'statements-wide': loadDatasheet,
  'shareholding-nse': loadShareholding,
  'shareholding-quarterly': loadShareholding,
  'commodity-prices-wb': loadCommodityPrices,
  'commodity-dictionary': loadCommoditySeries,
  'commodity-prices': loadCommodityPrices,
  'market-cap': loadMarketCap,
  'mcx-bhavcopy': loadCommodityFutures,
};

/** The order in which a folder of mixed files is ingested: masters first, prices before checks. */
export const KIND_ORDER: readonly IngestKind[] = [
  'nse-equity-list',
  'bse-scrips',
  'index-constituents',
  'holidays',
  'holidays-csv',
  'book-closure',
  'corporate-actions',
  'bhavcopy-legacy',
  'bhavcopy-full',
  'market-cap',
  'datasheet',
  'statements-wide',
  'xbrl-results',
  'shareholding-nse',
  'shareholding-xbrl',
  'shareholding-quarterly',
  'commodity-dictionary',
  'commodity-prices-wb',
  'commodity-prices',
  'mcx-bhavcopy',
];

export interface IngestOutcome {
  file: string;
  kind: IngestKind;
  rowsRead: number;
  rowsStored: number;
  rejected: Rejection[];
  /** True when this exact file (name and content) was already ingested: nothing changed. */
  unchanged: boolean;
  adjustments: number;
  quality: QualityIssue[];
  dataVersion: number | null;
}

/** The date a file describes: its latest trade, ex- or period date, else today. */
function asOfFor(records: readonly object[], today: string): string {
  let latest: string | null = null;
  for (const r of records as Record<string, unknown>[]) {
    const d = r.date ?? r.exDate ?? r.periodEnd;
    if (typeof d === 'string' && (latest === null || d > latest)) latest = d;
  }
  return latest ?? today;
}

export interface IngestOptions {
  /** The kind, when neither the file name nor its content tells it. */
  kind?: IngestKind;
  /** The file's text (instead of reading the path). */
  text?: string;
  /** The date a file without dates of its own describes (default: today). */
  today?: string;
  /** Take a bhavcopy day even when it has far fewer rows than the previous trading day. */
  allowShortDay?: boolean;
  /** The company (symbol) a statement or shareholding file is about, when its name does not say. */
  company?: string;
  /** The file's bytes (instead of reading the path), e.g. a workbook. */
  bytes?: Uint8Array;
}

/**
 * Reads and parses a data file: UTF-8 or UTF-16 text (LE or BE, with or without a byte-order
 * mark), or an .xlsx workbook (its "Data Sheet", or the first sheet with periods across, read as
 * wide statements). Any other binary fails saying what it is. The kind is the one named, else told by the name, else by the
 * content. The hash is of the text (of the bytes for a workbook).
 */
async function readAndParse(path: string, opts: IngestOptions) {
  const bytes = opts.text === undefined ? (opts.bytes ?? (await readFile(path))) : null;
  if (bytes && binaryKind(bytes) === 'xlsx') {
    const sheets = await readWorkbook(bytes).catch((e: Error) => {
      throw new IngestError(
        path,
        null,
        null,
        `${binaryMessage('xlsx')}, and it could not be read: ${e.message}`,
      );
    });
    const sheet =
      sheets.find((w) => /^data ?sheet$/i.test(w.name.trim())) ?? sheets.find((w) => isWide(w.rows));
    if (!sheet || (opts.kind && opts.kind !== 'statements-wide')) {
      throw new IngestError(
        path,
        null,
        null,
        `${binaryMessage('xlsx')}; the workbooks read are statement sheets (a "Data Sheet" with periods across)${sheet ? '' : ', and none of its sheets is one'}`,
      );
    }
    const parsed = wideSheetLines(sheet.rows, `${path} [${sheet.name}]`, companyOf(path, opts.company));
    return {
      kind: 'statements-wide' as IngestKind,
      parsed: parsed as Parsed<object>,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  }
  const text = opts.text ?? decodeText(bytes!, path).text;
  const { kind, parsed } = parseFile(path, text, opts.kind, opts.company);
  return { kind, parsed, sha256: createHash('sha256').update(text).digest('hex') };
}

/**
 * True when a company the master now holds was the reason rows of an ingested file were refused
 * ("not in the company master: SYMBOL" or "SYMBOL (ISIN)"): only then is the same file taken again.
 */
async function masterNowHolds(tx: Queryable, fileId: number): Promise<boolean> {
  const { rows } = await tx.query<{ reason: string }>(
    `SELECT DISTINCT reason FROM ingest_rejection WHERE file_id = $1 AND reason LIKE 'not in the company master: %'`,
    [fileId],
  );
  const waiting = rows.flatMap(({ reason }) => {
    const m = /^not in the company master: (\S+)(?: \((\w+)\))?/.exec(reason);
    return m ? [{ symbol: m[1]!.toUpperCase(), isin: m[2] ?? null }] : [];
  });
  const pairs = waiting.flatMap((w) => (w.isin ? [{ symbol: w.symbol, isin: w.isin }] : []));
  if ((await resolveIsinRows(tx, pairs)).size > 0) return true;
  const plain = waiting.filter((w) => !w.isin).map((w) => w.symbol);
  return (await resolveSymbols(tx, plain)).size > 0 || (await resolveIsins(tx, plain)).size > 0;
}

const BHAVCOPY_KINDS: ReadonlySet<IngestKind> = new Set(['bhavcopy-legacy', 'bhavcopy-full']);

/** A day with fewer rows than this share of the previous trading day's (same layout) is cut short. */
export const SHORT_DAY_SHARE = 0.8;
/** Days this small are not compared (test files, a few securities). */
const SHORT_DAY_MIN_ROWS = 100;

/**
 * Refuses a bhavcopy whose row count is implausibly low against the previous trading day in the
 * same layout (a file cut at a line end parses cleanly but lacks hundreds of securities).
 */
async function refuseShortDay(tx: Queryable, path: string, kind: IngestKind, day: string, rows: number) {
  const { rows: prev } = await tx.query<{ as_of: string; rows_read: number }>(
    `SELECT to_char(as_of, 'YYYY-MM-DD') AS as_of, rows_read FROM ingest_file
      WHERE kind = $1 AND as_of < $2::date AND as_of >= $2::date - 14
      ORDER BY as_of DESC, rows_read DESC LIMIT 1`,
    [kind, day],
  );
  const p = prev[0];
  if (!p || p.rows_read < SHORT_DAY_MIN_ROWS || rows >= p.rows_read * SHORT_DAY_SHARE) return;
  throw new IngestError(
    path,
    null,
    null,
    `only ${rows} rows for ${day} against ${p.rows_read} on ${p.as_of}, the previous trading day in this layout: ` +
      `the file looks cut short, nothing was stored. If the day really had that few securities, ingest it with --allow-short-day`,
  );
}

/** The most frequent rejection reasons, e.g. "3 × series not covered". */
function reasonSummary(rejected: readonly Rejection[]): string {
  const counts = new Map<string, number>();
  for (const r of rejected) {
    const key = r.reason.split(': ')[0]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return top.length === 0 ? 'no rows kept' : top.map(([k, n]) => `${n} × ${k}`).join('; ');
}

/** Parses a file's text with the parser of its kind (named, or told by the file name, else by its content). */
export function parseFile(
  path: string,
  text: string,
  kind?: IngestKind,
  company?: string,
): { kind: IngestKind; parsed: Parsed<object> } {
  const k = kind ?? detectKindOf(path, text);
  if (!k) {
    throw new IngestError(
      path,
      null,
      null,
      'cannot tell the file kind from its name or its header; name the kind',
    );
  }
  return { kind: k, parsed: PARSERS[k](text, path, company) as Parsed<object> };
}

/**
 * Ingests one file in one transaction: it loads completely or changes nothing. Then, in the
 * same transaction, recomputes adjustment factors of the companies it touched, runs the
 * quality checks on the trade dates it wrote, records the file, its rejections and findings,
 * and bumps the data version. The same file a second time changes nothing.
 */
export async function ingestFile(db: Db, path: string, opts: IngestOptions = {}): Promise<IngestOutcome> {
  const { kind, parsed, sha256 } = await readAndParse(path, opts);
  const source = basename(path);
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const asOf = asOfFor(parsed.records, today);
  const base = { file: path, kind, rowsRead: parsed.rowsRead };
  try {
    return await db.transaction(async (tx) => {
      // The same bytes again change nothing, unless rows were refused then for a company the
      // master did not hold yet: those may load now, so the file is taken again.
      const seen = await tx.query<{ id: number; rows_stored: number; waiting: boolean }>(
        `SELECT f.id, f.rows_stored,
                EXISTS (SELECT 1 FROM ingest_rejection r
                         WHERE r.file_id = f.id AND r.reason LIKE 'not in the company master%') AS waiting
           FROM ingest_file f WHERE f.source = $1 AND f.sha256 = $2`,
        [source, sha256],
      );
      const again = seen.rows[0];
      if (again?.waiting && (await masterNowHolds(tx, again.id))) {
        await tx.query('DELETE FROM ingest_file WHERE id = $1', [again.id]);
      } else if (again) {
        return {
          ...base,
          rowsStored: again.rows_stored,
          // The rows refused when it was taken, as recorded then.
          rejected: (
            await tx.query<Rejection>(
              'SELECT line, reason FROM ingest_rejection WHERE file_id = $1 ORDER BY line',
              [again.id],
            )
          ).rows,
          unchanged: true,
          adjustments: 0,
          quality: [],
          dataVersion: null,
        };
      }
      if (!opts.allowShortDay && BHAVCOPY_KINDS.has(kind))
        await refuseShortDay(tx, path, kind, asOf, parsed.rowsRead);
      const loaded = await LOADERS[kind]({ tx, source, asOf }, parsed.records);
      const rejected = [...parsed.rejected, ...loaded.rejected].sort((a, b) => a.line - b.line);
      if (parsed.rowsRead > 0 && loaded.stored === 0) {
        throw new IngestError(
          path,
          null,
          null,
          `none of its ${parsed.rowsRead} rows could be stored, so nothing was recorded (${reasonSummary(rejected)})`,
        );
      }
      const adjustments =
        loaded.touched.size > 0 ? await refreshAdjustmentFactors(tx, [...loaded.touched]) : 0;
      const quality = await checkQuality(tx, loaded.tradeDates);
      // A bonus or split ingested after its ex-date's prices explains the move flagged then.
      if (kind === 'book-closure' || kind === 'corporate-actions')
        await clearExplainedMoves(tx, loaded.touched);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO ingest_file (source, sha256, kind, as_of, rows_read, rows_stored, rows_rejected)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [source, sha256, kind, asOf, parsed.rowsRead, loaded.stored, rejected.length],
      );
      const fileId = rows[0]!.id;
      if (rejected.length > 0) {
        await tx.query(
          `INSERT INTO ingest_rejection (file_id, line, reason)
           SELECT $2, r.line, r.reason FROM jsonb_to_recordset($1::jsonb) AS r(line int, reason text)`,
          [JSON.stringify(rejected), fileId],
        );
      }
      if (quality.length > 0) {
        await tx.query(
          `INSERT INTO data_quality_issue (file_id, check_name, isin, symbol, trade_date, detail)
           SELECT $2, r.check, r.isin, r.symbol, r.date, r.detail
             FROM jsonb_to_recordset($1::jsonb) AS r("check" text, isin text, symbol text, date date, detail text)`,
          [JSON.stringify(quality.map((q) => ({ ...q, date: q.tradeDate }))), fileId],
        );
      }
      const dataVersion = await bumpDataVersion(tx);
      return {
        ...base,
        rowsStored: loaded.stored,
        rejected,
        unchanged: false,
        adjustments,
        quality,
        dataVersion,
      };
    });
  } catch (err) {
    if (err instanceof IngestError) throw err;
    throw new IngestError(
      path,
      null,
      null,
      `could not be stored, nothing changed: ${(err as Error).message}`,
    );
  }
}
