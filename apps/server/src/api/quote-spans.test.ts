import { bumpDataVersion, loadQuoteSpans } from '@bahi/market-data';
import type { Db } from '@bahi/market-data/db';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseKeep } from '../plugins/kept-documents.ts';
import { keptQuoteSpans } from './services.ts';
import { openSampleServerDb } from './testing/harness.ts';

describe.each(testDatabases())('quote spans kept per data version and code ($name)', (database) => {
  let db: Db;
  beforeAll(async () => {
    db = await openSampleServerDb(database);
  }, 120_000);
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('are made once, then read back by the next process of the same code and data', async () => {
    const made = await keptQuoteSpans(db, new DatabaseKeep(db), 'code-a');
    expect(made).toEqual(await loadQuoteSpans(db));
    expect(made.size).toBeGreaterThan(10);
    // Mark what is kept: spans made again from the quotes cannot hold the mark.
    const marked = new Map([
      ['INE000000000', { first: '2001-01-01', last: '2001-01-02', latest: '2001-01-03' }],
    ]);
    await db.query("UPDATE kept_document SET plain = convert_to($1, 'UTF8') WHERE kind = 'quote-spans'", [
      JSON.stringify([...marked]),
    ]);
    expect(await keptQuoteSpans(db, new DatabaseKeep(db), 'code-a')).toEqual(marked);
    // Other code, or another data version, makes them from the quotes.
    expect(await keptQuoteSpans(db, new DatabaseKeep(db), 'code-b')).toEqual(made);
    await bumpDataVersion(db);
    expect(await keptQuoteSpans(db, new DatabaseKeep(db), 'code-a')).toEqual(made);
  });

  it('are made from the quotes when the keep cannot be read or written', async () => {
    const broken = {
      readText: async () => {
        throw new Error('database down');
      },
      keepText: async () => {
        throw new Error('database down');
      },
    };
    expect(await keptQuoteSpans(db, broken, 'code-a')).toEqual(await loadQuoteSpans(db));
  });
});
