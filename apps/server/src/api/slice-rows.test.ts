import { describe, expect, it } from 'vitest';
import { rowsInRange } from './slice-rows.ts';

const envelope = (rows: unknown[]) =>
  Buffer.from(JSON.stringify({ data: rows, meta: { asOf: '2024-01-05', source: 's', dataVersion: 3 } }));

/** What a client reads out of the cut: the rows' JSON, parsed. */
const cutRows = (body: Buffer, from: string, to?: string) => {
  const cut = rowsInRange(body, from, to, ['date', 'asOf', 'source'])!;
  return {
    rows: JSON.parse(`[${body.toString('utf8', cut.start, cut.end)}]`),
    fields: cut.rows,
  };
};

describe('rowsInRange: the rows of a serialized answer in a date range (decision 0347)', () => {
  // Values holding what the scan must not take for structure: braces, brackets, commas, escaped
  // quotes and backslashes, a "date" key inside a string and inside a nested object, non-ASCII.
  const rows = [
    {
      symbol: 'A{B}',
      date: '2024-01-01',
      note: 'x],[{"date":"2099-01-01"}',
      asOf: '2024-01-01',
      source: 'f1',
    },
    {
      date: '2024-01-02',
      nested: { date: '1990-01-01', list: [1, '}', { a: '"' }] },
      asOf: '2024-01-02',
      source: 'f"2\\',
    },
    { symbol: 'ÄÖ₹', date: '2024-01-03', asOf: '2024-01-04', source: 'f3', value: null, n: -1.5e-7 },
    { date: '2024-01-05', asOf: '2024-01-05', source: 'f1' },
  ];
  const body = envelope(rows);

  it('cuts out exactly the rows in the range, whatever their values hold', () => {
    expect(cutRows(body, '2024-01-02', '2024-01-03').rows).toEqual(rows.slice(1, 3));
    expect(cutRows(body, '2024-01-01').rows).toEqual(rows);
    expect(cutRows(body, '2024-01-04').rows).toEqual(rows.slice(3));
    expect(cutRows(body, '1900-01-01', '2024-01-01').rows).toEqual(rows.slice(0, 1));
    expect(cutRows(body, '2024-01-03', '2024-01-03').rows).toEqual([rows[2]]);
  });

  it("reads each row's own top-level fields, decoded", () => {
    expect(cutRows(body, '2024-01-02', '2024-01-03').fields).toEqual([
      { date: '2024-01-02', asOf: '2024-01-02', source: 'f"2\\' },
      { date: '2024-01-03', asOf: '2024-01-04', source: 'f3' },
    ]);
  });

  it('finds no row in a range between, before or after the rows', () => {
    for (const [from, to] of [
      ['2024-01-04', '2024-01-04'],
      ['1990-01-01', '2023-12-31'],
      ['2024-01-06', undefined],
    ] as const) {
      const cut = rowsInRange(body, from, to, ['date'])!;
      expect(cut.rows).toEqual([]);
      expect(cut.start).toBe(cut.end);
    }
    expect(rowsInRange(envelope([]), '1900-01-01', undefined, ['date'])!.rows).toEqual([]);
  });

  it('refuses what it cannot cut: another envelope, rows out of order or without a date, broken JSON', () => {
    expect(
      rowsInRange(Buffer.from(JSON.stringify({ meta: {}, data: rows })), '1900-01-01', undefined, ['date']),
    ).toBe(undefined);
    expect(rowsInRange(envelope([rows[1], rows[0]]), '1900-01-01', undefined, ['date'])).toBe(undefined);
    expect(rowsInRange(envelope([rows[0], { asOf: 'x' }]), '1900-01-01', undefined, ['date'])).toBe(
      undefined,
    );
    expect(rowsInRange(envelope([rows[0], [1, 2]]), '1900-01-01', undefined, ['date'])).toBe(undefined);
    const truncated = body.subarray(0, body.indexOf('2024-01-03'));
    expect(rowsInRange(truncated, '1900-01-01', undefined, ['date'])).toBe(undefined);
  });
});
