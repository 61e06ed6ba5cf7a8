import { constants, crc32, deflateRawSync, gunzipSync, gzipSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { provenanceOf } from './endpoint.ts';
import { cutOfPieces, multModP, piecesOf, storedBlocks, x8nModP } from './row-pieces.ts';
import { dataHead, rowsInRange } from './slice-rows.ts';

const envelope = (rows: unknown[]) =>
  Buffer.from(JSON.stringify({ data: rows, meta: { asOf: '2024-01-05', source: 's', dataVersion: 3 } }));

const fields = ['date', 'asOf', 'source'] as const;
/** As daily quotes keep them (routes/price.ts). */
const kept = { asOf: 'max', source: 'distinct' } as const;
const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const piecesFor = (body: Buffer, perPiece?: number) => piecesOf(body, fields, kept, perPiece);

/** The range cut through the pieces: the rows' bytes, their provenance and last day, or undefined when refused. */
const throughPieces = (pieces: Buffer, from: string, to?: string) => {
  const cut = cutOfPieces(pieces, from, to, fields);
  if (!cut) return undefined;
  const bytes = cut.bytes();
  expect(bytes.length).toBe(cut.length);
  return { bytes: bytes.toString('utf8'), span: cut.span, ...provenanceOfRows(cut.rows) };
};

/** The same range cut out of the whole answer (decision 0347). */
const throughBody = (body: Buffer, from: string, to?: string) => {
  const cut = rowsInRange(body, from, to, fields)!;
  return {
    bytes: body.toString('utf8', cut.start, cut.end),
    span: [cut.start - dataHead.length, cut.end - dataHead.length],
    ...provenanceOfRows(cut.rows),
  };
};

/** What the slices' provenance reads of the rows: daily quotes' and the last day. */
const provenanceOfRows = (rows: Record<string, string>[]) => ({
  provenance: provenanceOf(rows),
  lastDay: rows.at(-1)?.date,
  empty: rows.length === 0,
});

/** Rows on the days the specs' gaps give, one after another, with their values. */
const rowsOf = (
  specs: { gap: number; note: string; source: string | null; late: number; nested: unknown }[],
) => {
  let n = 0;
  return specs.map((r) => {
    n += r.gap;
    const row: Record<string, unknown> = { date: day(n), note: r.note, nested: r.nested };
    // Some rows have no as-of date or source, some a later as-of date than the next row's.
    if (r.late >= 0) row.asOf = day(n + r.late);
    if (r.source !== null) row.source = r.source;
    return row;
  });
};

describe('row pieces: a prepared answer cut near the range asked (decisions 0348, 0354)', () => {
  // Rows whose values hold what a scan must not take for structure, on days with gaps and repeats.
  const row = fc.record({
    gap: fc.integer({ min: 0, max: 4 }),
    note: fc.string({ maxLength: 12 }),
    source: fc.option(fc.constantFrom('nse', 'bse', 'f"q\\', '{]},', '')),
    late: fc.integer({ min: -1, max: 9 }),
    nested: fc.option(fc.record({ date: fc.constant('1999-01-01'), v: fc.double({ noNaN: true }) })),
  });
  const answers = fc.array(row, { minLength: 1, maxLength: 60 });
  const pieceSizes = fc.integer({ min: 1, max: 9 });
  // Days before, inside and after the rows' (a range's ends).
  const days = fc.integer({ min: -5, max: 200 });

  it('cuts every range into the bytes, place and provenance a cut of the whole answer gives, whatever the piece size', () => {
    fc.assert(
      fc.property(answers, pieceSizes, days, fc.option(days), (specs, perPiece, fromDay, toDay) => {
        const rows = rowsOf(specs);
        const body = envelope(rows);
        const pieces = piecesFor(body, perPiece)!;
        expect(pieces).toBeDefined();
        const from = day(fromDay);
        const to = toDay === null ? undefined : day(toDay);
        const cut = throughPieces(pieces, from, to);
        const whole = throughBody(body, from, to);
        expect(cut?.bytes).toBe(whole.bytes);
        expect(cut?.provenance).toEqual(whole.provenance);
        expect(cut?.lastDay).toBe(whole.lastDay);
        expect(cut?.empty).toBe(whole.empty);
        if (!whole.empty) expect(cut?.span).toEqual(whole.span);
        // And the bytes are the rows in the range, as a client reads them.
        const inRange = rows.filter(
          (r) => (r.date as string) >= from && (to === undefined || (r.date as string) <= to),
        );
        expect(JSON.parse(`[${whole.bytes}]`)).toEqual(JSON.parse(JSON.stringify(inRange)));
      }),
      { numRuns: 400 },
    );
  });

  it('composes the gzip coding of every cut, envelope included, out of the pieces (decisions 0350, 0354)', () => {
    fc.assert(
      fc.property(
        answers,
        pieceSizes,
        days,
        fc.option(days),
        fc.string({ maxLength: 40 }),
        (specs, perPiece, fromDay, toDay, meta) => {
          const rows = rowsOf(specs);
          const body = envelope(rows);
          const pieces = piecesFor(body, perPiece)!;
          const from = day(fromDay);
          const to = toDay === null ? undefined : day(toDay);
          const cut = cutOfPieces(pieces, from, to, fields)!;
          const whole = throughBody(body, from, to);
          const head = Buffer.from('{"data":[');
          const tail = Buffer.from(`],"meta":${JSON.stringify({ meta })}}`);
          const expected = Buffer.concat([head, Buffer.from(whole.bytes), tail]);
          // gunzip checks the member's CRC-32 and length as well as its blocks.
          expect(gunzipSync(cut.gzip(head, tail)).equals(expected)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("copies the pieces inside a cut as they are, inflating only its edges, and comes out about as small as gzip's own", () => {
    // Prices that wander as a day's quotes do (a fixed sequence, not random).
    let seed = 7;
    const next = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    let close = 1000;
    const rows = Array.from({ length: 250 }, (_, i) => {
      close = Math.round(close * (0.97 + next() * 0.06) * 100) / 100;
      const prices = { open: close * 0.99, high: close * 1.02, low: close * 0.98, close };
      const fixed = Object.fromEntries(
        Object.entries(prices).map(([k, v]) => [k, Math.round(v * 100) / 100]),
      );
      return { date: day(i), ...fixed, volume: Math.floor(next() * 1e7), asOf: day(i), source: 'nse' };
    });
    const body = envelope(rows);
    const pieces = piecesFor(body)!;
    const head = Buffer.from('{"data":[');
    const tail = Buffer.from('],"meta":{"asOf":"2020-09-07"}}');
    for (const [from, to] of [
      [day(150), undefined],
      [day(21), day(230)],
    ] as const) {
      const cut = cutOfPieces(pieces, from, to, fields)!;
      const expected = Buffer.concat([head, Buffer.from(throughBody(body, from, to).bytes), tail]);
      const composed = cut.gzip(head, tail);
      expect(gunzipSync(composed).equals(expected)).toBe(true);
      // Piece 10 (days 160-175) lies wholly inside either cut: its compressed bytes are in the
      // member as they are, and only the edge pieces were inflated (two of 16 rows at most).
      const entry = 8 + 10 * 48;
      const middle = pieces.subarray(
        pieces.readUInt32BE(entry + 20),
        pieces.readUInt32BE(entry + 20) + pieces.readUInt32BE(entry + 24),
      );
      expect(middle.length).toBeGreaterThan(100);
      expect(composed.indexOf(middle)).toBeGreaterThan(0);
      expect(cut.inflated).toBeLessThanOrEqual((2 * body.length * 16) / 250);
      expect(cut.inflated).toBeLessThan(cut.length / 3);
      // The edges beside the pieces are stored blocks (decision 0358): after the member's header,
      // a block that is not the last and not compressed, holding the envelope's head and the first
      // rows as they are; and a last one holding the envelope's end as it is, before the trailer.
      expect(composed[10]).toBe(0);
      const headLength = composed.readUInt16LE(11);
      expect(composed.readUInt16LE(13)).toBe(~headLength & 0xffff);
      expect(composed.subarray(15, 15 + headLength).equals(expected.subarray(0, headLength))).toBe(true);
      expect(headLength).toBeGreaterThan(head.length);
      const end = composed.subarray(0, composed.length - 8);
      let last = end.length - 5;
      while (last >= 0 && !(end[last] === 1 && end.readUInt16LE(last + 1) === end.length - last - 5)) last--;
      expect(last).toBeGreaterThan(15 + headLength);
      const lastLength = end.length - last - 5;
      expect(end.readUInt16LE(last + 3)).toBe(~lastLength & 0xffff);
      expect(end.subarray(last + 5).equals(expected.subarray(expected.length - lastLength))).toBe(true);
      expect(lastLength).toBeGreaterThanOrEqual(tail.length);
      // The pieces cannot refer to one another's bytes and the edges are not compressed: larger
      // than the body's own gzip (on the default universe's last quarters about 1.3 x: 7,262
      // bytes on average against 5,400; here, with up to 16 short rows stored at each edge, 1.5 x).
      expect(composed.length).toBeLessThan(gzipSync(expected).length * 1.6);
    }
  });

  it("keeps in each piece's summary what the provenance reads, and not every row", () => {
    const rows = Array.from({ length: 64 }, (_, i) => ({
      date: day(i),
      asOf: day(i === 20 ? 300 : i),
      source: i % 16 === 3 ? 'bse' : 'nse',
      pad: 'x'.repeat(100),
    }));
    const pieces = piecesFor(envelope(rows))!;
    // Pieces 1 and 2 (days 16-47) held whole: their rows are summaries, their greatest as-of
    // date (day 300 for day 20's row) and both sources.
    const cut = cutOfPieces(pieces, day(10), day(50), fields)!;
    expect(provenanceOf(cut.rows)).toEqual({ asOf: day(300), source: 'bse, nse' });
    expect(cut.rows.length).toBeLessThan(41);
    expect(cut.rows.at(-1)!.date).toBe(day(50));
  });

  it('lays bytes out as stored DEFLATE blocks that inflate to them, ending the stream or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 140_000 }), fc.boolean(), fc.nat(), (length, final, split) => {
        const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 31 + length) % 251));
        // In two parts split anywhere (one of them empty at the ends), as a cut hands them over.
        const at = length === 0 ? 0 : split % (length + 1);
        const blocks = storedBlocks([bytes.subarray(0, at), bytes.subarray(at)], final);
        // Five bytes of header a block of at most 65,535 bytes.
        expect(blocks.length).toBe(bytes.length + 5 * Math.max(1, Math.ceil(bytes.length / 0xffff)));
        // Not final: inflates as far as it goes, and the stream goes on (here with a final block).
        const stream = final ? blocks : Buffer.concat([blocks, storedBlocks([Buffer.from('end')], true)]);
        const expected = final ? bytes : Buffer.concat([bytes, Buffer.from('end')]);
        expect(inflateRawSync(stream).equals(expected)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('appends a CRC-32 as zlib computes it over the bytes laid end to end', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 3000 }), (a, b) => {
        const joined = crc32(Buffer.concat([a, b])) >>> 0;
        const running = a.length === 0 ? 0 : crc32(a);
        const appended = (multModP(x8nModP(b.length), running) ^ (b.length === 0 ? 0 : crc32(b))) >>> 0;
        expect(appended).toBe(joined);
      }),
      { numRuns: 300 },
    );
  });

  it('makes no pieces of what a range cannot be cut out of', () => {
    expect(piecesFor(envelope([]))).toBe(undefined);
    expect(piecesFor(envelope([{ date: '2024-1-5' }]))).toBe(undefined);
    expect(piecesFor(envelope([{ date: '2024-01-02' }, { date: '2024-01-01' }]))).toBe(undefined);
    expect(piecesFor(Buffer.from('{"meta":{},"data":[]}'))).toBe(undefined);
  });

  it('refuses pieces it cannot read: another format, a truncated or damaged store', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ date: day(i), asOf: day(i), source: 'nse' }));
    const pieces = piecesFor(envelope(rows), 8)!;
    const entry = (p: number) => 8 + p * 48;
    expect(cutOfPieces(Buffer.from('not pieces'), day(0), undefined, fields)).toBe(undefined);
    expect(cutOfPieces(pieces.subarray(0, pieces.length - 10), day(0), undefined, fields)).toBe(undefined);
    // The index names more raw bytes than the first piece inflates to.
    const lying = Buffer.from(pieces);
    lying.writeUInt32BE(lying.readUInt32BE(entry(0) + 28) + 5, entry(0) + 28);
    expect(cutOfPieces(lying, day(0), day(3), fields)).toBe(undefined);
    // Edge pieces whose bytes are not what the index says: refused, whether they fail to
    // inflate, inflate to another length, or inflate to bytes that are not rows.
    const dataStart = pieces.readUInt32BE(entry(0) + 20);
    const garbage = Buffer.concat([
      pieces.subarray(0, dataStart),
      Buffer.alloc(pieces.length - dataStart, 0xa7),
    ]);
    expect(throughPieces(garbage, day(0), undefined)).toBe(undefined);
    expect(throughPieces(garbage, day(12), day(30))).toBe(undefined);
    const notRows = deflateRawSync(Buffer.from('x'.repeat(pieces.readUInt32BE(entry(0) + 28))), {
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    const forged = Buffer.from(pieces.subarray(0, dataStart));
    forged.writeUInt32BE(notRows.length, entry(0) + 24);
    expect(throughPieces(Buffer.concat([forged, notRows]), day(0), day(2))).toBe(undefined);
    // A summary that is not JSON: a cut holding its piece whole is refused.
    const summaryAt = pieces.readUInt32BE(entry(2) + 40);
    const badSummary = Buffer.from(pieces);
    badSummary.write('}', summaryAt, 'latin1');
    expect(cutOfPieces(badSummary, day(3), day(30), fields)).toBe(undefined);
    expect(cutOfPieces(badSummary, day(3), day(5), fields)).toBeDefined();
  });
});
