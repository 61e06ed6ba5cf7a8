import type { Queryable } from '@bahi/market-data/db';

/** A built document in every form the server sends it: as is, gzip and br, and its ETag's tag. */
export interface KeptDocument {
  /** The tag the document's ETags are made from (the plain body's digest). */
  tag: string;
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Documents the server builds from its code and the data, kept across restarts (decision 0374):
 * the API documents and the docs page take seconds to build and compress at the strongest
 * settings, and a restart that changed neither the code nor the data reads them back instead.
 * A key names everything its document was made from; a document made from anything else is
 * never read under it.
 */
export interface DocumentKeep {
  /** The document kept under `key`, or null (never kept, or pruned). */
  read(key: string): Promise<KeptDocument | null>;
  /** Keeps `doc` under `key` (a key already kept stays as it is) and prunes `kind`'s oldest. */
  keep(key: string, kind: string, doc: KeptDocument): Promise<void>;
}

/** A text the server reads itself, kept as `DocumentKeep` keeps documents, without codings. */
export interface TextKeep {
  readText(key: string): Promise<string | null>;
  keepText(key: string, kind: string, text: string): Promise<void>;
}

interface Row {
  etag: string;
  plain: string;
  gzip: string;
  br: string;
}

/**
 * The keep in the server's database (table `kept_document`), shared by every process on it. The
 * newest `perKind` documents of each kind stay: the current ones, and a few for a process of the
 * previous build or data version still running during a rolling restart.
 */
export class DatabaseKeep implements DocumentKeep, TextKeep {
  constructor(
    private readonly db: Queryable,
    private readonly perKind = 4,
  ) {}

  async read(key: string): Promise<KeptDocument | null> {
    // The bodies as base64 text, decoded natively (PGlite's bytea parser is slow, answer-file.ts).
    const { rows } = await this.db.query<Row>(
      `SELECT etag, encode(plain, 'base64') AS plain, encode(gzip, 'base64') AS gzip,
              encode(br, 'base64') AS br
         FROM kept_document WHERE key = $1 AND gzip IS NOT NULL AND br IS NOT NULL`,
      [key],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      tag: row.etag,
      plain: Buffer.from(row.plain, 'base64'),
      gzip: Buffer.from(row.gzip, 'base64'),
      br: Buffer.from(row.br, 'base64'),
    };
  }

  async keep(key: string, kind: string, doc: KeptDocument): Promise<void> {
    await this.db.query(
      `INSERT INTO kept_document (key, kind, etag, plain, gzip, br) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (key) DO NOTHING`,
      [key, kind, doc.tag, doc.plain, doc.gzip, doc.br],
    );
    await this.prune(kind);
  }

  async readText(key: string): Promise<string | null> {
    const { rows } = await this.db.query<{ text: string }>(
      "SELECT convert_from(plain, 'UTF8') AS text FROM kept_document WHERE key = $1",
      [key],
    );
    return rows[0]?.text ?? null;
  }

  async keepText(key: string, kind: string, text: string): Promise<void> {
    await this.db.query(
      `INSERT INTO kept_document (key, kind, etag, plain) VALUES ($1, $2, '', convert_to($3, 'UTF8'))
       ON CONFLICT (key) DO NOTHING`,
      [key, kind, text],
    );
    await this.prune(kind);
  }

  private async prune(kind: string): Promise<void> {
    const { rows } = await this.db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM kept_document WHERE kind = $1 AND key NOT IN (
           SELECT key FROM kept_document WHERE kind = $1 ORDER BY made_at DESC, key LIMIT $2)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [kind, this.perKind],
    );
    // Embedded PGlite runs no autovacuum: the pruned documents' space is made reusable.
    if ((rows[0]?.n ?? 0) > 0) await this.db.query('VACUUM kept_document');
  }
}
