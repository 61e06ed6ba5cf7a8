import { constants, deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gzipOfCut, piecesNear, piecesOf } from './row-pieces.ts';
import { rowsInRange } from './slice-rows.ts';

/** The rows of the pieces near a range (`piecesNear`), or undefined when they do not read. */
const rowsNear = (pieces: Buffer, from: string, to: string | undefined) => piecesNear(pieces, from, to)?.rows;

const envelope = (rows: unknown[]) =>
  Buffer.from(JSON.stringify({ data: rows, meta: { asOf: '2024-01-05', source: 's', dataVersion: 3 } }));

const fields = ['date', 'asOf', 'source'] as const;
const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** The range cut through the pieces: the rows' bytes and fields, or undefined when refused. */
const throughPieces = (pieces: Buffer, from: string, to?: string) => {
  const near = rowsNear(pieces, from, to);
  if (!near) return undefined;
  const cut = rowsInRange(near, from, to, fields, true);
  return cut && { bytes: near.toString('utf8', cut.start, cut.end), rows: cut.rows };
};

/** The same range cut out of the whole answer (decision 0347). */
const throughBody = (body: Buffer, from: string, to?: string) => {
  const cut = rowsInRange(body, from, to, fields)!;
  return { bytes: body.toString('utf8', cut.start, cut.end), rows: cut.rows };
};

/** Rows on the days the specs' gaps give, one after another, with their values. */
const rowsOf = (specs: { gap: number; note: string; source: string; nested: unknown }[]) => {
  let n = 0;
  return specs.map((r) => {
    n += r.gap;
    return { date: day(n), note: r.note, nested: r.nested, asOf: day(n + 1), source: r.source };
  });
};

describe('row pieces: a prepared answer cut near the range asked (decision 0348)', () => {
  // Rows whose values hold what a scan must not take for structure, on days with gaps and repeats.
  const row = fc.record({
    gap: fc.integer({ min: 0, max: 4 }),
    note: fc.string({ maxLength: 12 }),
    source: fc.constantFrom('nse', 'bse', 'f"q\\', '{]},'),
    nested: fc.option(fc.record({ date: fc.constant('1999-01-01'), v: fc.double({ noNaN: true }) })),
  });
  const answers = fc.array(row, { minLength: 1, maxLength: 60 });
  const pieceSizes = fc.integer({ min: 1, max: 9 });
  // Days before, inside and after the rows' (a range's ends).
  const days = fc.integer({ min: -5, max: 200 });

  it('cuts every range into the bytes and fields a cut of the whole answer gives, whatever the piece size', () => {
    fc.assert(
      fc.property(answers, pieceSizes, days, fc.option(days), (specs, perPiece, fromDay, toDay) => {
        const rows = rowsOf(specs);
        const body = envelope(rows);
        const pieces = piecesOf(body, 'date', perPiece)!;
        expect(pieces).toBeDefined();
        const from = day(fromDay);
        const to = toDay === null ? undefined : day(toDay);
        const cut = throughPieces(pieces, from, to);
        const whole = throughBody(body, from, to);
        expect(cut?.bytes).toBe(whole.bytes);
        expect(cut?.rows).toEqual(whole.rows);
        // And the bytes are the rows in the range, as a client reads them.
        const inRange = rows.filter((r) => r.date >= from && (to === undefined || r.date <= to));
        expect(JSON.parse(`[${whole.bytes}]`)).toEqual(JSON.parse(JSON.stringify(inRange)));
      }),
      { numRuns: 400 },
    );
  });

  it('composes the gzip coding of every cut, envelope included, out of the pieces (decision 0350)', () => {
    fc.assert(
      fc.property(
        answers,
        pieceSizes,
        days,
        fc.option(days),
        fc.string({ maxLength: 40 }),
        (specs, perPiece, fromDay, toDay, meta) => {
          const rows = rowsOf(specs);
          const pieces = piecesOf(envelope(rows), 'date', perPiece)!;
          const from = day(fromDay);
          const to = toDay === null ? undefined : day(toDay);
          const near = piecesNear(pieces, from, to)!;
          const cut = rowsInRange(near.rows, from, to, fields, true)!;
          const head = Buffer.from('{"data":[');
          const tail = Buffer.from(`],"meta":${JSON.stringify({ meta })}}`);
          const body = Buffer.concat([head, near.rows.subarray(cut.start, cut.end), tail]);
          // gunzip checks the member's CRC-32 and length as well as its blocks.
          expect(gunzipSync(gzipOfCut(near, cut.start, cut.end, head, tail)).equals(body)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("copies the pieces inside a cut as they are, and comes out about as small as gzip's own", () => {
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
    const pieces = piecesOf(envelope(rows), 'date')!;
    const near = piecesNear(pieces, day(150), undefined)!;
    const cut = rowsInRange(near.rows, day(150), undefined, fields, true)!;
    const head = Buffer.from('{"data":[');
    const tail = Buffer.from('],"meta":{"asOf":"2020-09-07"}}');
    const body = Buffer.concat([head, near.rows.subarray(cut.start, cut.end), tail]);
    const composed = gzipOfCut(near, cut.start, cut.end, head, tail);
    expect(gunzipSync(composed).equals(body)).toBe(true);
    // Piece 10 (days 160-175) lies wholly inside the cut: its compressed bytes are in the member.
    const k = near.rawStarts.findIndex((_, i) => near.rawStarts[i]! > cut.start);
    const middle = pieces.subarray(
      near.compressedStarts[k]!,
      near.compressedStarts[k]! + near.compressedLengths[k]!,
    );
    expect(composed.indexOf(middle)).toBeGreaterThan(0);
    // The pieces cannot refer to one another's bytes: larger than the body's own gzip, as on the
    // default universe's quarters (1.22-1.26 x), but not by a third.
    expect(composed.length).toBeLessThan(gzipSync(body).length * 1.3);
  });

  it('inflates only the pieces near the range, not the whole answer', () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({
      date: day(i),
      asOf: day(i),
      source: 'nse',
      pad: 'x'.repeat(100),
    }));
    const body = envelope(rows);
    const pieces = piecesOf(body, 'date')!;
    // The last 20 days: two pieces of 16 rows at most.
    const near = rowsNear(pieces, day(230), undefined)!;
    expect(JSON.parse(`[${near}]`).length).toBeLessThanOrEqual(32);
    expect(JSON.parse(`[${near}]`).map((r: { date: string }) => r.date)).toContain(day(230));
    // Stored compressed: a tenth of the rows' bytes or less for rows this alike.
    expect(pieces.length).toBeLessThan(body.length / 10);
    // A range before the first row or after the last inflates nothing.
    expect(rowsNear(pieces, day(-30), day(-1))!.length).toBe(0);
    expect(rowsNear(pieces, day(400), undefined)!.length).toBe(0);
  });

  it('makes no pieces of what a range cannot be cut out of', () => {
    expect(piecesOf(envelope([]), 'date')).toBe(undefined);
    expect(piecesOf(envelope([{ date: '2024-1-5' }]), 'date')).toBe(undefined);
    expect(piecesOf(envelope([{ date: '2024-01-02' }, { date: '2024-01-01' }]), 'date')).toBe(undefined);
    expect(piecesOf(Buffer.from('{"meta":{},"data":[]}'), 'date')).toBe(undefined);
  });

  it('refuses pieces it cannot read: another format, a truncated or damaged store', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ date: day(i), asOf: day(i), source: 'nse' }));
    const pieces = piecesOf(envelope(rows), 'date', 8)!;
    expect(rowsNear(Buffer.from('not pieces'), day(0), undefined)).toBe(undefined);
    expect(rowsNear(pieces.subarray(0, pieces.length - 10), day(0), undefined)).toBe(undefined);
    // The index names more raw bytes than the pieces inflate to.
    const lying = Buffer.from(pieces);
    lying.writeUInt32BE(lying.readUInt32BE(8 + 24) + 5, 8 + 24);
    expect(rowsNear(lying, day(0), day(3))).toBe(undefined);
    // Pieces whose bytes are not what the index says: refused, whether they fail to inflate,
    // inflate to another length, or inflate to bytes that are not rows.
    const head = 8 + 5 * 28;
    const garbage = Buffer.concat([pieces.subarray(0, head), Buffer.alloc(pieces.length - head, 0xa7)]);
    expect(throughPieces(garbage, day(0), undefined)).toBe(undefined);
    const notRows = Buffer.from('x'.repeat(pieces.readUInt32BE(8 + 24)));
    const forged = Buffer.from(pieces.subarray(0, head));
    forged.writeUInt32BE(4, 8 + 20);
    const forgedPiece = deflateRawSync(notRows, { finishFlush: constants.Z_SYNC_FLUSH });
    forged.writeUInt32BE(forgedPiece.length, 8 + 20);
    expect(throughPieces(Buffer.concat([forged, forgedPiece]), day(0), day(2))).toBe(undefined);
  });
});
