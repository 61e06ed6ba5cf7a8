/**
 * The rows of a serialized answer that fall in a date range, found in its bytes (decision
 * 0347): a range inside a company's history is cut out of a prepared answer that holds it (the
 * default year or the whole history) instead of being read, shaped and serialized again.
 *
 * The answer is JSON as the route's serializer writes it: `{"data":[` rows `],"meta":…}`, each
 * row an object, the rows in date order. The scan follows JSON's own grammar (strings with
 * their escapes, nested objects and arrays), so a value holding a brace, a quote or a
 * `"date":` of its own cannot be taken for structure. Anything else (another envelope, a row
 * that is not an object, a row without its date, rows out of order) is refused: the caller then
 * makes the answer as asked.
 */

/** How every answer's bytes begin. */
export const dataHead = Buffer.from('{"data":[');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/**
 * The bytes of each of `fields`, made once per list (the routes' lists are constants). A cut
 * made them anew for each of its edge pieces, and at the first client's cut V8 threw away the
 * scan's optimized code (`walkRows`, `scanRow`, `keyIndex`: "wrong map" on the new list, though
 * the warm-up's had been made by the same line; decision 0362).
 */
const keysOfFields = new WeakMap<readonly string[], Buffer[]>();

function fieldKeys(fields: readonly string[]): Buffer[] {
  let keys = keysOfFields.get(fields);
  if (keys === undefined) {
    keys = fields.map((f) => Buffer.from(f, 'utf8'));
    keysOfFields.set(fields, keys);
  }
  return keys;
}

export interface RowsInRange {
  /** Where the first row in the range starts and the last one ends (equal: no row). */
  start: number;
  end: number;
  /** Each row in the range: the named top-level string fields it has, decoded. */
  rows: Record<string, string>[];
}

/**
 * The rows of `body` whose field `fields[0]` (a date, `YYYY-MM-DD`) is from `from` to `to`
 * (inclusive; no `to`: to the end), with their `fields`; undefined when `body` is not a list of
 * rows in date order as described above (a date written with an escape is refused too).
 * `bare`: `body` is rows alone, separated by commas, with no envelope (the rows of prepared
 * pieces, decision 0348).
 *
 * One pass of plain byte comparisons, to the end of the range, about 0.9 µs a row of daily
 * quotes (2,500 rows, 1.45 MB: 2.2–2.9 ms). A first version called into Node's native code for
 * each string and each row's date (`Buffer#indexOf`, `compare`, `toString`): 2.7–3.1 µs a row.
 * Only the rows in the range are decoded.
 */
export function rowsInRange(
  body: Buffer,
  from: string,
  to: string | undefined,
  fields: readonly string[],
  bare = false,
): RowsInRange | undefined {
  const keys = fieldKeys(fields);
  const first = Buffer.from(from, 'latin1');
  const last = to === undefined ? undefined : Buffer.from(to, 'latin1');
  let start = -1;
  let end = -1;
  const rows: Record<string, string>[] = [];
  const walked = walkRows(body, keys, bare, (rowStart, rowEnd, found) => {
    if (last && compareBytes(body, found[0]!, found[1]!, last, 0, last.length) > 0) return false;
    if (compareBytes(body, found[0]!, found[1]!, first, 0, first.length) >= 0) {
      if (start < 0) start = rowStart;
      end = rowEnd;
      const row: Record<string, string> = {};
      for (let k = 0; k < keys.length; k++) {
        const value = fieldValue(body, found, k);
        if (value !== undefined) row[fields[k]!] = value;
      }
      rows.push(row);
    }
    return true;
  });
  if (walked < 0) return undefined;
  return start < 0 ? { start: walked, end: walked, rows } : { start, end, rows };
}

/**
 * Each row of an answer: where it starts and ends, its date's bytes (between the quotes), and
 * its `fields` as `rowsInRange` decodes them.
 */
export interface RowSpans {
  starts: number[];
  ends: number[];
  dateStarts: number[];
  dateEnds: number[];
  values: Record<string, string>[];
}

/**
 * Where each row of `body` (an answer as `rowsInRange` reads it) is, its field `fields[0]` (the
 * date) and the named string `fields` it has; undefined when `rowsInRange` would refuse the body.
 */
export function rowSpans(body: Buffer, fields: readonly string[]): RowSpans | undefined {
  const spans: RowSpans = { starts: [], ends: [], dateStarts: [], dateEnds: [], values: [] };
  const keys = fieldKeys(fields);
  const walked = walkRows(body, keys, false, (rowStart, rowEnd, found) => {
    spans.starts.push(rowStart);
    spans.ends.push(rowEnd);
    spans.dateStarts.push(found[0]!);
    spans.dateEnds.push(found[1]!);
    const row: Record<string, string> = {};
    for (let k = 0; k < keys.length; k++) {
      const value = fieldValue(body, found, k);
      if (value !== undefined) row[fields[k]!] = value;
    }
    spans.values.push(row);
    return true;
  });
  return walked < 0 ? undefined : spans;
}

/**
 * Walks the rows of `body` in order, checking that each is an object with an unescaped string
 * `keys[0]` not before the previous row's, and calls `visit` with each row's bounds and the
 * bounds of its `keys` values (`found`, reused between calls) until it returns false. The index
 * where the walk stopped (past the last row visited, or where the list is empty), or -1 when the
 * body is not such a list.
 */
function walkRows(
  body: Buffer,
  keys: Buffer[],
  bare: boolean,
  visit: (start: number, end: number, found: Int32Array) => boolean,
): number {
  let i = 0;
  if (!bare) {
    if (body.length <= dataHead.length || !bytesAt(body, 0, dataHead)) return -1;
    i = dataHead.length;
    if (body[i] === CLOSE_BRACKET) return i;
  } else if (body.length === 0) return 0;
  const found = new Int32Array(keys.length * 2);
  let previousStart = -1;
  let previousEnd = -1;
  for (;;) {
    const next = scanRow(body, i, keys, found);
    if (next < 0) return -1;
    const dateStart = found[0]!;
    const dateEnd = found[1]!;
    if (dateStart < 0 || hasEscape(body, dateStart, dateEnd)) return -1;
    if (previousStart >= 0 && compareBytes(body, dateStart, dateEnd, body, previousStart, previousEnd) < 0)
      return -1;
    previousStart = dateStart;
    previousEnd = dateEnd;
    if (!visit(i, next, found)) return i;
    if (bare && next === body.length) return next;
    const after = body[next];
    if (after === CLOSE_BRACKET && !bare) return next;
    if (after !== COMMA) return -1;
    i = next + 1;
  }
}

/**
 * Scans the object starting at `i`: the index just past its closing brace, or -1 when there is
 * no object there. For each of `keys` found among its own (top-level) keys with a string value,
 * `found` gets the value's first and past-the-end byte (between the quotes); -1 otherwise.
 */
function scanRow(b: Buffer, i: number, keys: Buffer[], found: Int32Array): number {
  if (b[i] !== OPEN_BRACE) return -1;
  found.fill(-1);
  const n = b.length;
  let depth = 1;
  let expectKey = true;
  /** The key just read, when it is one of `keys` and its value is still to come. */
  let wanted = -1;
  for (let j = i + 1; j < n; j++) {
    const c = b[j];
    if (c === QUOTE) {
      // The string's closing quote: the first one not escaped.
      let close = j + 1;
      while (close < n) {
        const d = b[close];
        if (d === QUOTE) break;
        close += d === BACKSLASH ? 2 : 1;
      }
      if (close >= n) return -1;
      if (depth === 1) {
        if (expectKey) {
          wanted = keyIndex(b, j + 1, close, keys);
          expectKey = false;
        } else if (wanted >= 0) {
          found[wanted * 2] = j + 1;
          found[wanted * 2 + 1] = close;
          wanted = -1;
        }
      }
      j = close;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth === 2) wanted = -1;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth -= 1;
      if (depth === 0) return c === CLOSE_BRACE ? j + 1 : -1;
    } else if (c === COMMA && depth === 1) {
      expectKey = true;
      wanted = -1;
    }
  }
  return -1;
}

/** Which of `keys` the bytes `start`–`end` are, or -1. */
function keyIndex(b: Buffer, start: number, end: number, keys: Buffer[]): number {
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    if (key.length === end - start && bytesAt(b, start, key)) return k;
  }
  return -1;
}

/** Whether `b` holds `bytes` at `at`. */
function bytesAt(b: Buffer, at: number, bytes: Uint8Array): boolean {
  if (at + bytes.length > b.length) return false;
  for (let k = 0; k < bytes.length; k++) if (b[at + k] !== bytes[k]) return false;
  return true;
}

/** Byte order of `a[aStart, aEnd)` against `b[bStart, bEnd)`: ASCII dates compare as strings do. */
function compareBytes(
  a: Uint8Array,
  aStart: number,
  aEnd: number,
  b: Uint8Array,
  bStart: number,
  bEnd: number,
): number {
  const n = Math.min(aEnd - aStart, bEnd - bStart);
  for (let k = 0; k < n; k++) {
    const d = (a[aStart + k] as number) - (b[bStart + k] as number);
    if (d !== 0) return d;
  }
  return aEnd - aStart - (bEnd - bStart);
}

function hasEscape(b: Buffer, start: number, end: number): boolean {
  for (let j = start; j < end; j++) if (b[j] === BACKSLASH) return true;
  return false;
}

function fieldValue(b: Buffer, found: Int32Array, k: number): string | undefined {
  const start = found[k * 2]!;
  if (start < 0) return undefined;
  const end = found[k * 2 + 1]!;
  // A value with an escape is decoded as JSON decodes it.
  return hasEscape(b, start, end)
    ? (JSON.parse(b.toString('utf8', start - 1, end + 1)) as string)
    : b.toString('utf8', start, end);
}
