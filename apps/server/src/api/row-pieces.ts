/**
 * A prepared answer's rows in pieces (decision 0348): a range inside a company's history is cut
 * out of the rows near it, not out of the whole prepared answer (decision 0347 decompressed and
 * scanned all of a default year or a whole history for every range).
 *
 * The rows of the answer (`rowSpans`), `rowsPerPiece` at a time, are each piece's bytes: from
 * its first row's opening brace (the comma before it, for every piece but the first) to its last
 * row's closing one, the commas between included: a run of pieces inflated is the rows' bytes as
 * the answer has them.
 * Each piece is compressed apart as raw DEFLATE (RFC 1951) ending in a sync flush: non-final
 * blocks, byte-aligned, with no reference to an earlier piece. So the compressed pieces laid end
 * to end are one DEFLATE stream, and any run of them inflates in one call, into one buffer of the
 * length the index gives. DEFLATE and not brotli: as small here (1.04–1.09× the whole answer's
 * brotli at quality 6, measured on the default universe) and about a third faster to decode.
 *
 * A cut reads only the pieces at its edges (decision 0354): a piece it holds whole is copied as
 * its compressed bytes, its CRC-32 taken from the index, and its rows' provenance from the
 * piece's summary (the rows `Slice.kept` keeps of it), so its rows are neither inflated nor
 * scanned. The gzip copy's edges beside those pieces are stored DEFLATE blocks, not compressed
 * (decision 0358): a cut makes no zlib call but to inflate its edge pieces.
 *
 * Layout: "BRP2", the piece count (u32, big-endian), per piece an entry of its first and last
 * date (10 bytes each, `YYYY-MM-DD`) and seven u32: where its compressed bytes start, their
 * size, its raw size, the CRC-32 of its raw bytes, x^(8 × raw size) modulo the CRC's polynomial
 * (to append its CRC to a running one), where its summary starts and its size; then the
 * summaries (JSON, a list of rows), then the pieces.
 */
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { rowSpans, rowsInRange } from './slice-rows.ts';

/** Rows a piece holds: a quarter of daily quotes (63 rows) touches five or six pieces. */
export const rowsPerPiece = 16;

const magic = Buffer.from('BRP2', 'latin1');
const dateBytes = 10;
const entryBytes = dateBytes * 2 + 7 * 4;
const headBytes = magic.length + 4;
/** Offsets of an entry's u32 fields. */
const at = {
  offset: dateBytes * 2,
  size: dateBytes * 2 + 4,
  raw: dateBytes * 2 + 8,
  crc: dateBytes * 2 + 12,
  shift: dateBytes * 2 + 16,
  summary: dateBytes * 2 + 20,
  summarySize: dateBytes * 2 + 24,
} as const;

/** One of piece `p`'s u32 fields in its index entry. */
function entryField(pieces: Buffer, p: number, field: keyof typeof at): number {
  return pieces.readUInt32BE(headBytes + p * entryBytes + at[field]);
}

/**
 * The rows of `body` (an answer as `rowsInRange` reads it) in pieces, or undefined when it has
 * no rows, is not such an answer, or has a date that is not 10 ASCII bytes: a range is then
 * made as asked. `fields`: the date first, then the fields each piece's summary keeps as `kept`
 * says (each distinct value of a field it does not name).
 */
export function piecesOf(
  body: Buffer,
  fields: readonly string[],
  kept: Readonly<Record<string, 'max' | 'distinct'>> = {},
  perPiece = rowsPerPiece,
): Buffer | undefined {
  const spans = rowSpans(body, fields);
  if (!spans || spans.starts.length === 0) return undefined;
  const n = spans.starts.length;
  for (let r = 0; r < n; r++) {
    if (spans.dateEnds[r]! - spans.dateStarts[r]! !== dateBytes) return undefined;
    for (let j = spans.dateStarts[r]!; j < spans.dateEnds[r]!; j++) if (body[j]! > 0x7e) return undefined;
  }
  const count = Math.ceil(n / perPiece);
  const index = Buffer.alloc(headBytes + count * entryBytes);
  magic.copy(index, 0);
  index.writeUInt32BE(count, magic.length);
  const compressed: Buffer[] = [];
  const summaries: Buffer[] = [];
  const summariesStart = index.length;
  let summariesSize = 0;
  for (let p = 0; p < count; p++) {
    const first = p * perPiece;
    const last = Math.min(n, first + perPiece) - 1;
    const raw = body.subarray(p === 0 ? spans.starts[0]! : spans.ends[first - 1]!, spans.ends[last]!);
    compressed.push(deflateRawSync(raw, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }));
    const summary = Buffer.from(
      JSON.stringify(summaryOf(spans.values.slice(first, last + 1), fields, kept)),
      'utf8',
    );
    summaries.push(summary);
    const e = headBytes + p * entryBytes;
    body.copy(index, e, spans.dateStarts[first]!, spans.dateEnds[first]!);
    body.copy(index, e + dateBytes, spans.dateStarts[last]!, spans.dateEnds[last]!);
    index.writeUInt32BE(raw.length, e + at.raw);
    index.writeUInt32BE(crc32(raw) >>> 0, e + at.crc);
    index.writeUInt32BE(x8nModP(raw.length), e + at.shift);
    index.writeUInt32BE(summariesStart + summariesSize, e + at.summary);
    index.writeUInt32BE(summary.length, e + at.summarySize);
    summariesSize += summary.length;
  }
  let offset = summariesStart + summariesSize;
  for (let p = 0; p < count; p++) {
    const e = headBytes + p * entryBytes;
    index.writeUInt32BE(offset, e + at.offset);
    index.writeUInt32BE(compressed[p]!.length, e + at.size);
    offset += compressed[p]!.length;
  }
  return Buffer.concat([index, ...summaries, ...compressed]);
}

/**
 * What a piece's rows say of the fields after the date, as rows (decision 0354): each holds the
 * piece's last date and the greatest value of each `max` field, and the distinct values of each
 * other field are spread over them, one to a row, in order.
 */
function summaryOf(
  rows: readonly Record<string, string>[],
  fields: readonly string[],
  kept: Readonly<Record<string, 'max' | 'distinct'>>,
): Record<string, string>[] {
  const date = fields[0]!;
  const base: Record<string, string> = { [date]: rows.at(-1)![date]! };
  const spread: string[][] = [];
  const spreadFields: string[] = [];
  for (const f of fields.slice(1)) {
    if (kept[f] === 'max') {
      let max: string | undefined;
      for (const r of rows) {
        const v = r[f];
        if (v !== undefined && (max === undefined || v > max)) max = v;
      }
      if (max !== undefined) base[f] = max;
    } else {
      const seen = new Set<string>();
      for (const r of rows) if (r[f] !== undefined) seen.add(r[f]!);
      spread.push([...seen]);
      spreadFields.push(f);
    }
  }
  const length = Math.max(1, ...spread.map((v) => v.length));
  return Array.from({ length }, (_, i) => {
    const row = { ...base };
    spreadFields.forEach((f, k) => {
      const v = spread[k]![i];
      if (v !== undefined) row[f] = v;
    });
    return row;
  });
}

/** A range cut through the pieces (`cutOfPieces`). */
export interface PiecesCut {
  /**
   * The rows in the range, for the slice's provenance: those of the edge pieces as `rowsInRange`
   * decodes them, and for each piece held whole its summary's; empty when the range has no row.
   */
  rows: Record<string, string>[];
  /** The length of the rows' bytes (as `bytes` gives them). */
  length: number;
  /** Where the cut lies in the rows of the answer (its first and past-its-last byte). */
  span: readonly [number, number];
  /** The rows' bytes, laid out (the pieces held whole inflated now). */
  bytes(): Buffer;
  /** The gzip coding (RFC 1952) of `head`, the rows and `tail`, made of the pieces. */
  gzip(head: Buffer, tail: Buffer): Buffer;
  /** The raw bytes inflated to make the cut (its edge pieces'). */
  inflated: number;
}

/**
 * The rows from `from` to `to` (inclusive; no `to`: to the end) cut through `pieces`, reading
 * only the pieces at the cut's edges (decision 0354); undefined when `pieces` is not as
 * `piecesOf` writes them, or an edge piece's bytes are not the rows the index says.
 */
export function cutOfPieces(
  pieces: Buffer,
  from: string,
  to: string | undefined,
  fields: readonly string[],
): PiecesCut | undefined {
  if (pieces.length < headBytes || pieces.compare(magic, 0, magic.length, 0, magic.length) !== 0)
    return undefined;
  const count = pieces.readUInt32BE(magic.length);
  const entriesEnd = headBytes + count * entryBytes;
  if (count === 0 || pieces.length < entriesEnd) return undefined;
  const entry = (p: number) => headBytes + p * entryBytes;
  const u32 = (p: number, field: keyof typeof at) => entryField(pieces, p, field);
  const fromBytes = Buffer.from(from, 'latin1');
  const toBytes = to === undefined ? undefined : Buffer.from(to, 'latin1');
  // compare: the order of the piece's first (0) or last (1) date against `bytes`.
  const compare = (bytes: Buffer, p: number, which: 0 | 1) =>
    pieces.compare(bytes, 0, bytes.length, entry(p) + which * dateBytes, entry(p) + (which + 1) * dateBytes);
  // The first piece whose last day is not before `from`, and the last whose first is not after `to`.
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(fromBytes, mid, 1) < 0) lo = mid + 1;
    else hi = mid;
  }
  const firstPiece = lo;
  let lastPiece = count - 1;
  if (toBytes) {
    lo = firstPiece;
    hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(toBytes, mid, 0) <= 0) lo = mid + 1;
      else hi = mid;
    }
    lastPiece = lo - 1;
  }
  // Only the pieces the cut uses are read: each must lie inside the store.
  for (let p = firstPiece; p <= lastPiece; p++) {
    if (u32(p, 'offset') + u32(p, 'size') > pieces.length) return undefined;
    if (u32(p, 'summary') + u32(p, 'summarySize') > pieces.length) return undefined;
  }
  // Where the first piece's rows start in the answer's rows (past the comma before them).
  let base = firstPiece === 0 ? 0 : 1;
  for (let p = 0; p < firstPiece; p++) base += u32(p, 'raw');
  if (firstPiece > lastPiece) {
    const empty = Buffer.alloc(0);
    const parts = { rows: [], head: empty, tail: empty, first: 0, last: -1, inflated: 0 };
    return edgesCut(pieces, parts, base);
  }
  // The edge pieces: the first (inflated always: a cut starts with no comma) and the last when
  // the range ends inside it.
  const inflate = (p: number): Buffer | undefined => {
    const raw = u32(p, 'raw');
    const offset = u32(p, 'offset');
    try {
      const bytes = inflateRawSync(pieces.subarray(offset, offset + u32(p, 'size')), {
        finishFlush: constants.Z_SYNC_FLUSH,
        chunkSize: Math.max(64, raw),
        maxOutputLength: Math.max(64, raw),
      });
      if (bytes.length !== raw || (p > 0 && bytes[0] !== 0x2c)) return undefined;
      return p > 0 ? bytes.subarray(1) : bytes;
    } catch {
      // Not DEFLATE, or more bytes than the index says.
      return undefined;
    }
  };
  const firstRows = inflate(firstPiece);
  if (!firstRows) return undefined;
  if (firstPiece === lastPiece) {
    const cut = rowsInRange(firstRows, from, to, fields, true);
    if (!cut) return undefined;
    const head = firstRows.subarray(cut.start, cut.end);
    const parts = {
      rows: cut.rows,
      head,
      tail: Buffer.alloc(0),
      first: 0,
      last: -1,
      inflated: firstRows.length,
    };
    return edgesCut(pieces, parts, base + cut.start);
  }
  const headCut = rowsInRange(firstRows, from, undefined, fields, true);
  // Every row from the first in the range to the piece's end is in it (the next piece's first
  // day is not after `to`).
  if (!headCut || headCut.rows.length === 0 || headCut.end !== firstRows.length) return undefined;
  const lastWhole = toBytes === undefined || compare(toBytes, lastPiece, 1) <= 0;
  const wholeTo = lastWhole ? lastPiece : lastPiece - 1;
  const rows = headCut.rows;
  for (let p = firstPiece + 1; p <= wholeTo; p++) {
    const offset = u32(p, 'summary');
    try {
      for (const r of JSON.parse(pieces.toString('utf8', offset, offset + u32(p, 'summarySize'))))
        rows.push(r);
    } catch {
      return undefined;
    }
  }
  let tailBytes = Buffer.alloc(0);
  let inflated = firstRows.length;
  if (!lastWhole) {
    const lastRows = inflate(lastPiece);
    if (!lastRows) return undefined;
    inflated += lastRows.length;
    const tailCut = rowsInRange(lastRows, '', to, fields, true);
    if (!tailCut || tailCut.rows.length === 0 || tailCut.start !== 0) return undefined;
    for (const r of tailCut.rows) rows.push(r);
    // With the comma before it: the pieces held whole end with a row.
    tailBytes = Buffer.concat([Buffer.from(','), lastRows.subarray(0, tailCut.end)]);
  }
  const parts = {
    rows,
    head: firstRows.subarray(headCut.start),
    tail: tailBytes,
    first: firstPiece + 1,
    last: wholeTo,
    inflated,
  };
  return edgesCut(pieces, parts, base + headCut.start);
}

/**
 * A cut of `parts.head`, the pieces `first`–`last` held whole (none when last < first), and
 * `parts.tail`, starting at `start` in the answer's rows.
 */
function edgesCut(
  pieces: Buffer,
  parts: {
    rows: Record<string, string>[];
    head: Buffer;
    tail: Buffer;
    first: number;
    last: number;
    inflated: number;
  },
  start: number,
): PiecesCut {
  const { head: headRows, tail: tailRows, first, last } = parts;
  const u32 = (p: number, field: keyof typeof at) => entryField(pieces, p, field);
  let whole = 0;
  for (let p = first; p <= last; p++) whole += u32(p, 'raw');
  const run = () =>
    last < first
      ? pieces.subarray(0, 0)
      : pieces.subarray(u32(first, 'offset'), u32(last, 'offset') + u32(last, 'size'));
  const length = headRows.length + whole + tailRows.length;
  return {
    rows: parts.rows,
    length,
    span: [start, start + length],
    inflated: parts.inflated,
    bytes() {
      if (last < first) return Buffer.concat([headRows, tailRows]);
      const middle = inflateRawSync(run(), {
        finishFlush: constants.Z_SYNC_FLUSH,
        chunkSize: Math.max(64, whole),
        maxOutputLength: Math.max(64, whole),
      });
      return Buffer.concat([headRows, middle, tailRows]);
    },
    gzip(head: Buffer, tail: Buffer) {
      const out: Buffer[] = [gzipHeader];
      // A cut that holds no piece whole is all edge: compressed. Otherwise the edges beside the
      // pieces held whole (the envelope's head and the first piece's rows in the range; the rows
      // of the last piece in it and the envelope's end) go as stored blocks, with no zlib call
      // (decision 0358): on the default universe's last quarters, 233 bytes more a cut (3.3%)
      // for about a fifth less of the server's core.
      if (last < first) out.push(deflateEdge(Buffer.concat([head, headRows, tailRows, tail])));
      else out.push(storedBlocks([head, headRows], false), run(), storedBlocks([tailRows, tail], true));
      let crc = 0;
      for (const part of [head, headRows]) if (part.length > 0) crc = crc32(part, crc);
      for (let p = first; p <= last; p++) crc = (multModP(u32(p, 'shift'), crc) ^ u32(p, 'crc')) >>> 0;
      // Node 20's crc32 answers 0 for an empty view of an empty buffer, whatever the running CRC.
      for (const part of [tailRows, tail]) if (part.length > 0) crc = crc32(part, crc);
      const trailer = Buffer.allocUnsafe(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE((head.length + headRows.length + whole + tailRows.length + tail.length) >>> 0, 4);
      out.push(trailer);
      return Buffer.concat(out);
    },
  };
}

/** A gzip member's header (RFC 1952): DEFLATE, no name or time, no flags, OS unknown. */
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * A cut that holds no piece whole, compressed at zlib's fastest level as the final block
 * (decision 0353: on 200 default-year daily-quotes answers, a quarter's gzip took 63 µs at
 * level 1 instead of 104 µs at gzip's usual 6, and came out 3% larger).
 */
function deflateEdge(bytes: Buffer): Buffer {
  return deflateRawSync(bytes, { level: 1 });
}

/** The most bytes a stored DEFLATE block holds (LEN is 16 bits). */
const storedMax = 0xffff;

/**
 * `parts`, laid end to end, as stored DEFLATE blocks (RFC 1951, 3.2.4), after a byte-aligned
 * point: each a header byte (BFINAL, BTYPE 00, the rest of the byte padding), LEN and its
 * complement, then the bytes as they are, copied once from the parts; the last block final when
 * `final`. Byte-aligned after it, as the pieces are.
 */
export function storedBlocks(parts: readonly Buffer[], final: boolean): Buffer {
  let length = 0;
  for (const p of parts) length += p.length;
  const blocks = Math.max(1, Math.ceil(length / storedMax));
  const out = Buffer.allocUnsafe(blocks * 5 + length);
  let at = 0;
  let part = 0;
  let inPart = 0;
  for (let b = 0; b < blocks; b++) {
    const size = Math.min(storedMax, length - b * storedMax);
    out[at] = final && b === blocks - 1 ? 1 : 0;
    out.writeUInt16LE(size, at + 1);
    out.writeUInt16LE(~size & 0xffff, at + 3);
    at += 5;
    for (let left = size; left > 0; ) {
      const p = parts[part]!;
      const n = Math.min(left, p.length - inPart);
      p.copy(out, at, inPart, inPart + n);
      at += n;
      left -= n;
      inPart += n;
      if (inPart === p.length) {
        part += 1;
        inPart = 0;
      }
    }
  }
  return out;
}

/**
 * CRC-32 arithmetic (zlib's crc32.c): polynomials over GF(2), reflected, modulo the CRC's. The
 * CRC of a run of bytes appended to `crc` is `multModP(x8nModP(length), crc) ^ crcOfRun`.
 */
const poly = 0xedb88320;

/** a × b modulo p. */
export function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let bb = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= bb;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? (bb >>> 1) ^ poly : bb >>> 1;
  }
  return p >>> 0;
}

/** x^(2^n) modulo p, n = 0…31. */
const x2n = (() => {
  const table = new Uint32Array(32);
  let p = 0x40000000; // x^1
  table[0] = p;
  for (let n = 1; n < 32; n++) table[n] = p = multModP(p, p);
  return table;
})();

/** x^(8 × n) modulo p: what appending n bytes does to a CRC. */
export function x8nModP(n: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  for (let m = n; m > 0; m = Math.floor(m / 2), k++) if (m % 2 === 1) p = multModP(x2n[k & 31]!, p);
  return p >>> 0;
}
