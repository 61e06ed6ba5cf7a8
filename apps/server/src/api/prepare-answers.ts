import { yieldToEventLoop } from '@bahi/market-data';
import type { Db } from '@bahi/market-data/db';
import { processHolder } from '@bahi/market-data/ingest';
import type { FastifyBaseLogger } from 'fastify';
import { compressPrepared } from '../plugins/content-coding.ts';
import { collectAfterBulkWork } from '../process/heap.ts';
import { build, cacheKey, type Endpoint, variantQuery } from './endpoint.ts';
import type { Company } from './market.ts';
import { serializerOf } from './route-schema.ts';
import { piecesOf } from './row-pieces.ts';
import type { DataApiServices } from './services.ts';

/** Rows written per INSERT. */
const batchRows = 50;
/** How soon a run that found sets claimed elsewhere, or failed, first looks again. */
const retryMs = 60_000;
/** Failures in a row that end a set at once: not one bad company but a failing database. */
const failuresInARow = 10;
/** Rows deleted per statement when an older version goes, so the database is not held long. */
const deleteBatch = 2_000;
/** Rows of versions older than $1, or of version $1 made by code other than $2: no longer read. */
const superseded = 'version < $1 OR (version = $1 AND code <> $2)';
/** A claim older than this is taken to belong to a process that died, and is taken over. */
const staleClaim = '10 minutes';

interface Row {
  key: string;
  etag: string;
  length: number;
  asOf: string;
  source: string;
  gzip: Buffer | null;
  /** The rows in pieces, for an endpoint whose ranges are cut out of its answers (decision 0348). */
  pieces: Buffer | null;
}

/** What a preparation did, per operation, for the log and the bench. */
export interface PreparedSetReport {
  operationId: string;
  answers: number;
  ms: number;
}

/**
 * Prepares, when the data version changes, the answers of every endpoint that declares
 * `prepare`: for each company and variant, loaded, serialized with the route's own serializer,
 * gzip-compressed (decision 0364) and stored under the answer's canonical key (decision 0326). One answer at a
 * time, handing the event loop back between companies, so requests keep their turn. Each
 * operation is claimed in the database, so of several processes one prepares it; a set counts
 * only once complete. A newer version (or `stop`) abandons the run.
 */
export class AnswerPreparer {
  private running: Promise<void> | null = null;
  private stopped = false;
  private wanted = -1;
  private retriedVersion = -1;
  private retries = 0;
  /** Sets this process prepared, for the log and the bench. */
  readonly report: PreparedSetReport[] = [];
  /** Who its claims name: the database's opening where only this process can open it. */
  private readonly holder: string;

  constructor(
    private readonly db: Db,
    private readonly svc: DataApiServices,
    private readonly endpoints: readonly Endpoint[],
    private readonly log: FastifyBaseLogger,
  ) {
    this.holder = db.exclusive ?? processHolder();
  }

  /** The endpoints whose answers are prepared. */
  get operations(): string[] {
    return this.endpoints.filter((e) => e.prepare && e.prepare.length > 0).map((e) => e.operationId);
  }

  /** Starts preparing `version` (after a run in progress for an older one gives up). */
  start(version: number): void {
    this.wanted = version;
    const previous = this.running ?? Promise.resolve();
    const run = previous.then(() =>
      this.wanted === version && !this.stopped ? this.run(version) : undefined,
    );
    this.running = run.catch((err: unknown) => {
      this.log.warn({ err, version }, 'answers not prepared; requests are answered as they come');
      this.retry(version);
    });
  }

  /** Whether every prepared operation of `version` is complete (here or in another process). */
  complete(version: number): boolean {
    return this.operations.every((op) => this.svc.prepared.isComplete(version, op));
  }

  /** Resolves when the run in progress (if any) has ended. */
  async settled(): Promise<void> {
    await this.running;
  }

  /**
   * Resolves, with the version, once every set of the current data version is complete (here
   * or in another process) and this process's run has ended: for benches and tests that measure
   * a server between data loads.
   */
  async untilComplete(pollMs = 25): Promise<number> {
    for (;;) {
      const version = await this.svc.version.current();
      if (this.complete(version)) {
        await this.settled();
        return version;
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /**
   * Runs again later, unless a newer version or `stop` came first: after 1 minute, then 2, 4...
   * up to 32, so a set that keeps failing does not cost a full run every minute.
   */
  private retry(version: number): void {
    if (this.retriedVersion !== version) {
      this.retriedVersion = version;
      this.retries = 0;
    }
    const delay = retryMs * 2 ** Math.min(this.retries, 5);
    this.retries += 1;
    setTimeout(() => {
      if (!this.abandoned(version)) this.start(version);
    }, delay).unref();
  }

  private abandoned(version: number): boolean {
    return this.stopped || this.wanted !== version;
  }

  private async run(version: number): Promise<void> {
    await this.svc.prepared.refresh(version);
    let preparedHere = false;
    for (const e of this.endpoints) {
      if (!e.prepare || e.prepare.length === 0) continue;
      if (this.abandoned(version)) return;
      if (this.svc.prepared.isComplete(version, e.operationId)) continue;
      // A claim goes stale after a while; on a database only this process can open, a claim
      // under another holder is a dead process's at once (decision 0376).
      const claimed = await this.db.query<{ claimedAt: string }>(
        `INSERT INTO prepared_set (version, code, operation, holder) VALUES ($1, $2, $3, $4)
         ON CONFLICT (version, code, operation) DO UPDATE SET claimed_at = now(), holder = $4
          WHERE prepared_set.done_at IS NULL AND (prepared_set.claimed_at < now() - interval '${staleClaim}'
            OR ($5::boolean AND prepared_set.holder IS DISTINCT FROM $4))
         RETURNING claimed_at::text AS "claimedAt"`,
        [version, this.svc.prepared.code, e.operationId, this.holder, this.db.exclusive !== undefined],
      );
      // Another process has it (and marks it complete when done).
      const claimedAt = claimed.rows[0]?.claimedAt;
      if (claimedAt === undefined) continue;
      const t0 = performance.now();
      // A run abandoned or failed gives its claim back, so the next run (here, or in a process
      // started after this one closed) prepares the set instead of waiting for it.
      // Only its own claim: one taken over since (it went stale) belongs to another process.
      const release = () =>
        this.db.query(
          `DELETE FROM prepared_set WHERE version = $1 AND code = $2 AND operation = $3
              AND done_at IS NULL AND claimed_at = $4::timestamptz`,
          [version, this.svc.prepared.code, e.operationId, claimedAt],
        );
      let answers: number | null;
      try {
        answers = await this.prepareOperation(e, version);
      } catch (err) {
        await release().catch(() => undefined);
        throw err;
      }
      if (answers === null) {
        await release();
        return;
      }
      await this.db.query(
        'UPDATE prepared_set SET done_at = now(), answers = $4 WHERE version = $1 AND code = $2 AND operation = $3',
        [version, this.svc.prepared.code, e.operationId, answers],
      );
      this.svc.prepared.markComplete(version, e.operationId, answers);
      preparedHere = true;
      const ms = Math.round(performance.now() - t0);
      this.report.push({ operationId: e.operationId, answers, ms });
      this.log.info({ operation: e.operationId, version, answers, ms }, 'answers prepared');
    }
    if (this.abandoned(version)) return;
    if (!this.complete(version)) {
      // Sets claimed by other processes: looked at again later, and taken over if their claim
      // went stale (a process that died while preparing).
      this.retry(version);
      return;
    }
    // Every set of this version is complete: older versions' answers, and answers other code
    // made, are no longer read. Deleted a batch at a time with the event loop handed back, so
    // the database (one thread, on PGlite) keeps answering requests in between.
    let deleted = 0;
    for (;;) {
      if (this.abandoned(version)) return;
      const { rows } = await this.db.query<{ n: number }>(
        `WITH gone AS (
           DELETE FROM prepared_answer WHERE ctid IN (
             SELECT ctid FROM prepared_answer WHERE ${superseded} LIMIT ${deleteBatch})
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [version, this.svc.prepared.code],
      );
      deleted += rows[0]?.n ?? 0;
      if ((rows[0]?.n ?? 0) < deleteBatch) break;
      await yieldToEventLoop();
    }
    await this.db.query(`DELETE FROM prepared_set WHERE ${superseded}`, [version, this.svc.prepared.code]);
    // Their space is made reusable for the next version's answers: embedded PGlite runs no
    // autovacuum, and the table would otherwise grow by a version's size at every data load.
    if (deleted > 0) await this.db.query('VACUUM prepared_answer');
    // Serializing and compressing a version's answers left its garbage in the old generation.
    if (preparedHere) void collectAfterBulkWork();
  }

  /** Prepares one operation for every company; the number stored, or null when abandoned. */
  private async prepareOperation(e: Endpoint, version: number): Promise<number | null> {
    const companies = await this.svc.symbols.all(version);
    const serialize = serializerOf(e);
    const variants = (e.prepare ?? []).map((v) => variantQuery(e, v));
    // Each company's answers are prepared under its canonical queries (decision 0341), each once.
    const spans = e.canonical ? await this.svc.spans.of(version) : undefined;
    let batch: Row[] = [];
    let stored = 0;
    let failed = 0;
    let inARow = 0;
    let firstError: unknown;
    for (const company of companies) {
      if (this.abandoned(version)) return null;
      const asked = new Set<string>();
      for (const variant of variants) {
        const query = spans ? e.canonical!(variant, [company], spans) : variant;
        const key = cacheKey(e, [company], { symbol: company.symbol, ...query }, 'json', version);
        if (asked.has(key)) continue;
        asked.add(key);
        // An answer that fails is left out (a request for it runs `load` and answers as it
        // would); the rest of the set is still prepared.
        try {
          batch.push(await this.prepareOne(e, company, query, key, version, serialize));
          inARow = 0;
        } catch (err) {
          failed += 1;
          firstError ??= err;
          inARow += 1;
          if (inARow >= failuresInARow) throw err;
        }
      }
      if (batch.length >= batchRows) {
        stored += await this.write(version, batch);
        batch = [];
      }
      await yieldToEventLoop();
    }
    if (batch.length > 0) stored += await this.write(version, batch);
    // Many failures (more than ten, and more than 1%) are not one bad company but a failing
    // database: the set is not complete.
    if (failed > Math.max(10, (stored + failed) / 100)) throw firstError;
    if (failed > 0)
      this.log.warn(
        { err: firstError, operation: e.operationId, version, failed },
        'answers left unprepared: they are made when asked',
      );
    return stored;
  }

  private async prepareOne(
    e: Endpoint,
    company: Company,
    query: Record<string, unknown>,
    key: string,
    version: number,
    serialize: (body: unknown) => string,
  ): Promise<Row> {
    const params = { symbol: company.symbol };
    const entry = await build(e, this.svc, { params, query }, [company], version, serialize);
    if (!entry) return { key, etag: '', length: 0, asOf: '', source: '', gzip: null, pieces: null };
    const gzip = await compressPrepared(entry.body);
    const pieces = e.slice ? (piecesOf(entry.body, e.slice.fields, e.slice.kept) ?? null) : null;
    return {
      key,
      etag: entry.etag,
      length: entry.length,
      asOf: entry.asOf,
      source: entry.source,
      gzip,
      pieces,
    };
  }

  private async write(version: number, rows: Row[]): Promise<number> {
    const values: unknown[] = [];
    const tuples = rows.map((r, i) => {
      values.push(
        version,
        this.svc.prepared.code,
        r.key,
        r.etag,
        r.length,
        r.asOf,
        r.source,
        r.gzip,
        r.pieces,
      );
      const n = i * 9;
      return `(${Array.from({ length: 9 }, (_, k) => `$${n + k + 1}`).join(', ')})`;
    });
    await this.db.query(
      `INSERT INTO prepared_answer (version, code, key, etag, length, as_of, source, gzip, pieces) VALUES ${tuples.join(', ')}
       ON CONFLICT (version, code, key) DO NOTHING`,
      values,
    );
    return rows.length;
  }
}
