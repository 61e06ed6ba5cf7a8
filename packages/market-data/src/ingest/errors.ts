/** A file that cannot be ingested: names the file, the 1-based line and the field at fault. */
export class IngestError extends Error {
  override name = 'IngestError';
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly field: string | null,
    readonly reason: string,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}${field ? ` [${field}]` : ''}: ${reason}`);
  }
}

/** A row read but deliberately not stored (out of scope or not understood), with the reason. */
export interface Rejection {
  line: number;
  reason: string;
}

/** What a parser returns: typed records in file order, and rows it chose not to keep. */
export interface Parsed<T> {
  records: T[];
  rejected: Rejection[];
  /** Data rows read (header and blank lines excluded). */
  rowsRead: number;
}
