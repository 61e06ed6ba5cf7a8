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
 * Layout: "BRP1", the piece count (u32, big-endian), per piece its first and last date (10
 * bytes each, `YYYY-MM-DD`), its compressed and raw sizes (u32 each), then the pieces.
 */
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { rowSpans } from './slice-rows.ts';

/** Rows a piece holds: a quarter of daily quotes (63 rows) touches five or six pieces. */
export const rowsPerPiece = 16;

const magic = Buffer.from('BRP1', 'latin1');
const dateBytes = 10;
const entryBytes = dateBytes * 2 + 8;
const headBytes = magic.length + 4;

/**
 * The rows of `body` (an answer as `rowsInRange` reads it) in pieces, or undefined when it has
 * no rows, is not such an answer, or has a date that is not 10 ASCII bytes: a range is then
 * made as asked.
 */
export function piecesOf(body: Buffer, dateField: string, perPiece = rowsPerPiece): Buffer | undefined {
  const spans = rowSpans(body, dateField);
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
  for (let p = 0; p < count; p++) {
    const first = p * perPiece;
    const last = Math.min(n, first + perPiece) - 1;
    const raw = body.subarray(p === 0 ? spans.starts[0]! : spans.ends[first - 1]!, spans.ends[last]!);
    const piece = deflateRawSync(raw, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
    const at = headBytes + p * entryBytes;
    body.copy(index, at, spans.dateStarts[first]!, spans.dateEnds[first]!);
    body.copy(index, at + dateBytes, spans.dateStarts[last]!, spans.dateEnds[last]!);
    index.writeUInt32BE(piece.length, at + dateBytes * 2);
    index.writeUInt32BE(raw.length, at + dateBytes * 2 + 4);
    compressed.push(piece);
  }
  return Buffer.concat([index, ...compressed]);
}

/** The pieces that may hold a range, inflated, and where each lies in its rows and in `pieces`. */
export interface NearPieces {
  /**
   * The rows of those pieces: rows separated by commas, for `rowsInRange(…, bare)` to cut the
   * range out of; empty when no piece may hold a day of the range.
   */
  rows: Buffer;
  /** `pieces` itself. */
  pieces: Buffer;
  /** Per piece inflated, in order: its raw bytes' start in `rows` (-1 for a first piece's dropped comma)... */
  rawStarts: number[];
  /** ...its raw length, and its compressed bytes' start and length in `pieces`. */
  rawLengths: number[];
  compressedStarts: number[];
  compressedLengths: number[];
}

/**
 * The pieces that may hold days from `from` to `to` (inclusive; no `to`: to the end), inflated
 * in one call; undefined when `pieces` is not as `piecesOf` writes them.
 */
export function piecesNear(pieces: Buffer, from: string, to: string | undefined): NearPieces | undefined {
  if (pieces.length < headBytes || pieces.compare(magic, 0, magic.length, 0, magic.length) !== 0)
    return undefined;
  const count = pieces.readUInt32BE(magic.length);
  const dataStart = headBytes + count * entryBytes;
  if (count === 0 || pieces.length < dataStart) return undefined;
  const fromBytes = Buffer.from(from, 'latin1');
  const toBytes = to === undefined ? undefined : Buffer.from(to, 'latin1');
  const entry = (p: number) => headBytes + p * entryBytes;
  // The first piece whose last day is not before `from`, and the last whose first is not after `to`.
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    // compare: the order of the piece's bytes against `from`'s.
    if (
      pieces.compare(fromBytes, 0, fromBytes.length, entry(mid) + dateBytes, entry(mid) + dateBytes * 2) < 0
    )
      lo = mid + 1;
    else hi = mid;
  }
  const firstPiece = lo;
  let lastPiece = count - 1;
  if (toBytes) {
    lo = firstPiece;
    hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pieces.compare(toBytes, 0, toBytes.length, entry(mid), entry(mid) + dateBytes) <= 0) lo = mid + 1;
      else hi = mid;
    }
    lastPiece = lo - 1;
  }
  const near: NearPieces = {
    rows: Buffer.alloc(0),
    pieces,
    rawStarts: [],
    rawLengths: [],
    compressedStarts: [],
    compressedLengths: [],
  };
  if (firstPiece > lastPiece) return near;
  let offset = dataStart;
  for (let p = 0; p < firstPiece; p++) offset += pieces.readUInt32BE(entry(p) + dateBytes * 2);
  // Every piece but the first begins with the comma after the row before it: dropped below.
  const shift = firstPiece === 0 ? 0 : 1;
  let compressed = 0;
  let raw = 0;
  for (let p = firstPiece; p <= lastPiece; p++) {
    const size = pieces.readUInt32BE(entry(p) + dateBytes * 2);
    const rawSize = pieces.readUInt32BE(entry(p) + dateBytes * 2 + 4);
    near.rawStarts.push(raw - shift);
    near.rawLengths.push(rawSize);
    near.compressedStarts.push(offset + compressed);
    near.compressedLengths.push(size);
    compressed += size;
    raw += rawSize;
  }
  if (offset + compressed > pieces.length) return undefined;
  let rows: Buffer;
  try {
    rows = inflateRawSync(pieces.subarray(offset, offset + compressed), {
      finishFlush: constants.Z_SYNC_FLUSH,
      chunkSize: Math.max(64, raw),
      maxOutputLength: Math.max(64, raw),
    });
  } catch {
    // Not DEFLATE, or more bytes than the index says.
    return undefined;
  }
  if (rows.length !== raw) return undefined;
  if (shift === 1 && rows[0] !== 0x2c) return undefined;
  near.rows = rows.subarray(shift);
  return near;
}

/** A gzip member's header (RFC 1952): DEFLATE, no name or time, no flags, OS unknown. */
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * The edges of a cut are compressed at zlib's fastest level (decision 0353): measured on 200
 * default-year daily-quotes answers of the default universe, a quarter's gzip took 63 µs
 * instead of 104 µs at gzip's usual 6 and came out 3% larger (6,608 bytes against 6,416).
 */
const edgeLevel = 1;

/**
 * `bytes` as raw DEFLATE at the edges' level; `sync`: ended with a sync flush (non-final blocks),
 * else the final block. (zlib's output chunk sized to the bytes instead of its 16 KiB default
 * allocated less but cost about 5 µs more a cut: not kept.)
 */
function deflateEdge(bytes: Buffer, sync: boolean): Buffer {
  return deflateRawSync(
    bytes,
    sync ? { level: edgeLevel, finishFlush: constants.Z_SYNC_FLUSH } : { level: edgeLevel },
  );
}

/**
 * The gzip coding (RFC 1952) of a cut's body: `head` (the envelope's start), the bytes
 * `start`–`end` of `near.rows` (a cut of the rows, as `rowsInRange` found it) and `tail` (the
 * envelope's end), made mostly of the pieces' own compressed bytes (decision 0350), without
 * laying the body out in memory (decision 0353). The pieces wholly inside the cut are copied as
 * they are (each is a run of non-final DEFLATE blocks, byte-aligned and referring to nothing
 * before it), and only what lies around them is compressed: the bytes before as non-final
 * blocks ending in a sync flush, the bytes after (the tail at least) as the final block. The
 * CRC-32 is zlib's, over the parts in turn. A cut of a quarter of daily quotes compresses one
 * piece's bytes or fewer instead of the whole body: 16 rows at most before the first whole
 * piece, and none after it but the tail when the cut runs to the last day.
 */
export function gzipOfCut(near: NearPieces, start: number, end: number, head: Buffer, tail: Buffer): Buffer {
  // The run of pieces whose raw bytes lie wholly inside the cut.
  let first = -1;
  let last = -2;
  for (let k = 0; k < near.rawStarts.length; k++) {
    const a = near.rawStarts[k]!;
    if (a < start || a + near.rawLengths[k]! > end) {
      if (first >= 0) break;
      continue;
    }
    if (first < 0) first = k;
    last = k;
  }
  const rows = near.rows;
  const cut = rows.subarray(start, end);
  const parts: Buffer[] = [gzipHeader];
  if (first >= 0) {
    // Where the copied pieces' bytes begin and end in the rows.
    const copyFrom = near.rawStarts[first]!;
    const copyTo = near.rawStarts[last]! + near.rawLengths[last]!;
    parts.push(
      deflateEdge(Buffer.concat([head, rows.subarray(start, copyFrom)]), true),
      near.pieces.subarray(
        near.compressedStarts[first]!,
        near.compressedStarts[last]! + near.compressedLengths[last]!,
      ),
      deflateEdge(Buffer.concat([rows.subarray(copyTo, end), tail]), false),
    );
  } else {
    parts.push(deflateEdge(Buffer.concat([head, cut, tail]), false));
  }
  let crc = 0;
  let length = 0;
  for (const part of [head, cut, tail]) {
    // Node 20's crc32 answers 0 for an empty view of an empty buffer, whatever the running CRC.
    if (part.length > 0) crc = crc32(part, crc);
    length += part.length;
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}
