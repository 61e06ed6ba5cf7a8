import { type Db, marketDataMigrations, migrate } from '@bahi/market-data/db';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMigrations } from '../app.ts';
import { DatabaseKeep, type KeptDocument } from './kept-documents.ts';

const doc = (text: string): KeptDocument => ({
  tag: `tag-${text}`,
  plain: Buffer.from(text),
  gzip: Buffer.from(`gzip ${text}`),
  br: Buffer.from(`br ${text}\u0000\u00ff`, 'latin1'),
});

describe.each(testDatabases())('documents kept in the database ($name)', (database) => {
  let db: Db;
  beforeAll(async () => {
    db = await database.open();
    await migrate(db, [marketDataMigrations, serverMigrations]);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('reads back every form of a document, byte for byte, and nothing under another key', async () => {
    const keep = new DatabaseKeep(db);
    await keep.keep('a v1', 'a', doc('first'));
    expect(await keep.read('a v1')).toEqual(doc('first'));
    expect(await keep.read('a v2')).toBeNull();
    // A key already kept stays as it was: it names what the document was made from.
    await keep.keep('a v1', 'a', doc('other'));
    expect(await keep.read('a v1')).toEqual(doc('first'));
  });

  it('keeps a text without compressed copies, read back only as a text', async () => {
    const keep = new DatabaseKeep(db);
    const text = `${JSON.stringify([['INE002A01018', { first: '2016-01-01', last: '2026-11-20' }]])} ₹ \\`;
    await keep.keepText('t v1', 't', text);
    expect(await keep.readText('t v1')).toBe(text);
    expect(await keep.readText('t v2')).toBeNull();
    // Not a document: there is nothing to send it with.
    expect(await keep.read('t v1')).toBeNull();
  });

  it('keeps the newest few of each kind, and leaves other kinds alone', async () => {
    const keep = new DatabaseKeep(db, 2);
    await keep.keep('b v1', 'b', doc('b1'));
    await keep.keep('c v1', 'c', doc('c1'));
    await keep.keep('b v2', 'b', doc('b2'));
    await keep.keep('b v3', 'b', doc('b3'));
    expect(await keep.read('b v1')).toBeNull();
    expect(await keep.read('b v2')).toEqual(doc('b2'));
    expect(await keep.read('b v3')).toEqual(doc('b3'));
    expect(await keep.read('c v1')).toEqual(doc('c1'));
  });
});
