import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type Db, marketDataMigrations, migrate, openDb } from '@bahi/market-data/db';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverMigrations } from '../app.ts';
import { registerDocsPage } from './docs-page.ts';
import { DatabaseKeep, type DocumentKeep } from './kept-documents.ts';

/** A built site as the web build leaves it: dist/ and dist-ssr/ with the docs template and renderer. */
function builtSite(renderer: string): string {
  const web = mkdtempSync(join(tmpdir(), 'bahi-web-'));
  mkdirSync(join(web, 'dist'));
  mkdirSync(join(web, 'dist-ssr'));
  writeFileSync(
    join(web, 'dist-ssr', 'docs-page.html'),
    '<!doctype html><title>Docs</title><div id="root"><!--app--></div>',
  );
  writeFileSync(join(web, 'dist-ssr', 'entry-server.js'), renderer);
  return join(web, 'dist');
}

const countingRenderer = `
export async function renderDocs(text) {
  const doc = JSON.parse(text);
  return Object.keys(doc.paths).map((p) => '<section id="' + p + '">' + doc.paths[p] + '</section>').join('');
}`;

/** Renders as `countingRenderer` does, and counts its renders in the process. */
const counted = `
export async function renderDocs(text) {
  globalThis.docsRenders = (globalThis.docsRenders ?? 0) + 1;
  const doc = JSON.parse(text);
  return Object.keys(doc.paths).map((p) => '<section id="' + p + '">' + doc.paths[p] + '</section>').join('');
}`;
const renders = () => (globalThis as { docsRenders?: number }).docsRenders ?? 0;

describe('the docs page rendered from the served document', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function serve(root: string, document: () => Promise<string>, keep: DocumentKeep | null = null) {
    const app = Fastify();
    apps.push(app);
    expect(registerDocsPage(app, root, '/financial-data-api-documentation', document, keep)).toBe(true);
    await app.ready();
    return app;
  }

  it('puts every endpoint of the document into the page, and renders again when the document changes', async () => {
    let doc = { swagger: '2.0', paths: { '/quote': 'Quote', '/peers/{symbol}': 'Peers' } };
    const app = await serve(builtSite(countingRenderer), async () => JSON.stringify(doc));
    const first = await app.inject('/financial-data-api-documentation');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.body).toBe(
      '<!doctype html><title>Docs</title><div id="root"><section id="/quote">Quote</section><section id="/peers/{symbol}">Peers</section></div>',
    );
    doc = { swagger: '2.0', paths: { '/holidays-calender': 'Holidays' } } as never;
    const second = await app.inject('/financial-data-api-documentation/');
    expect(second.body).toContain('<section id="/holidays-calender">Holidays</section>');
    expect(second.body).not.toContain('Quote');
  });

  it('is rendered again as soon as the data changes, so the next visitor gets it without waiting', async () => {
    let doc = { swagger: '2.0', paths: { '/quote': 'Quote' } };
    let dataChanged = () => {};
    const app = Fastify();
    apps.push(app);
    const before = renders();
    registerDocsPage(
      app,
      builtSite(counted),
      '/docs',
      async () => JSON.stringify(doc),
      null,
      (listener) => {
        dataChanged = listener;
      },
    );
    // Before it listens, a change (the data version's first read at start) renders nothing.
    dataChanged();
    expect(renders()).toBe(before);
    await app.listen({ port: 0, host: '127.0.0.1' });
    // Rendered at start, before anyone asks.
    await expect.poll(renders).toBe(before + 1);
    doc = { swagger: '2.0', paths: { '/holidays-calender': 'Holidays' } } as never;
    dataChanged();
    await expect.poll(renders).toBe(before + 2);
    const page = await app.inject('/docs');
    expect(page.body).toContain('<section id="/holidays-calender">Holidays</section>');
    expect(renders()).toBe(before + 2);
  });

  it('sends it compressed when the browser accepts it', async () => {
    const doc = {
      swagger: '2.0',
      paths: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`/e${i}`, 'Endpoint'])),
    };
    const app = await serve(builtSite(countingRenderer), async () => JSON.stringify(doc));
    const plain = await app.inject('/financial-data-api-documentation');
    const br = await app.inject({
      url: '/financial-data-api-documentation',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
  });

  it('sends the page with an empty root for the browser to render when rendering fails', async () => {
    const app = await serve(
      builtSite('export async function renderDocs() { throw new Error("broken"); }'),
      async () => '{"swagger":"2.0","paths":{}}',
    );
    const res = await app.inject('/financial-data-api-documentation');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<!doctype html><title>Docs</title><div id="root"></div>');
  });

  describe('kept across restarts', () => {
    let db: Db;
    beforeEach(async () => {
      db = await openDb({ kind: 'pglite' });
      await migrate(db, [marketDataMigrations, serverMigrations]);
    });
    afterEach(() => db.close());

    const keptPages = async () =>
      (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM kept_document WHERE kind = 'docs-page'"))
        .rows[0]!.n;

    it('a restart serving the same document sends the page rendered before, without rendering it', async () => {
      const root = builtSite(counted);
      const doc = JSON.stringify({ swagger: '2.0', paths: { '/quote': 'Quote' } });
      const first = await serve(root, async () => doc, new DatabaseKeep(db));
      const before = renders();
      const rendered = await first.inject('/financial-data-api-documentation');
      expect(rendered.body).toContain('<section id="/quote">Quote</section>');
      expect(renders()).toBe(before + 1);
      // Kept once its compressed copies are made.
      await expect.poll(keptPages).toBe(1);
      await first.close();

      const restarted = await serve(root, async () => doc, new DatabaseKeep(db));
      for (const coding of ['br', 'gzip', null]) {
        const res = await restarted.inject({
          url: '/financial-data-api-documentation',
          headers: coding ? { 'accept-encoding': coding } : {},
        });
        const body =
          coding === 'br'
            ? brotliDecompressSync(res.rawPayload)
            : coding === 'gzip'
              ? gunzipSync(res.rawPayload)
              : res.rawPayload;
        expect(res.headers['content-encoding']).toBe(coding ?? undefined);
        expect(body.toString()).toBe(rendered.body);
      }
      expect(renders()).toBe(before + 1);
    });

    it('renders again for another document or another SSR build', async () => {
      const root = builtSite(counted);
      let doc = JSON.stringify({ swagger: '2.0', paths: { '/quote': 'Quote' } });
      const first = await serve(root, async () => doc, new DatabaseKeep(db));
      await first.inject('/financial-data-api-documentation');
      await expect.poll(keptPages).toBe(1);
      await first.close();

      // The data changed: the document names another endpoint.
      doc = JSON.stringify({ swagger: '2.0', paths: { '/holidays-calender': 'Holidays' } });
      const second = await serve(root, async () => doc, new DatabaseKeep(db));
      const before = renders();
      expect((await second.inject('/financial-data-api-documentation')).body).toContain('Holidays');
      expect(renders()).toBe(before + 1);
      await expect.poll(keptPages).toBe(2);
      await second.close();

      // A new web build: the template changed, the document did not.
      writeFileSync(
        join(dirname(root), 'dist-ssr', 'docs-page.html'),
        '<!doctype html><title>Docs v2</title><div id="root"><!--app--></div>',
      );
      const third = await serve(root, async () => doc, new DatabaseKeep(db));
      const page = await third.inject('/financial-data-api-documentation');
      expect(page.body).toContain('<title>Docs v2</title>');
      expect(page.body).toContain('Holidays');
      expect(renders()).toBe(before + 2);
    });

    it('is not kept when rendering fails, and serves when the keep cannot be read', async () => {
      const root = builtSite('export async function renderDocs() { throw new Error("broken"); }');
      const doc = '{"swagger":"2.0","paths":{}}';
      const app = await serve(root, async () => doc, new DatabaseKeep(db));
      expect((await app.inject('/financial-data-api-documentation')).body).toBe(
        '<!doctype html><title>Docs</title><div id="root"></div>',
      );
      await app.close();
      expect(await keptPages()).toBe(0);

      const unreadable = await serve(builtSite(counted), async () => doc, {
        read: async () => {
          throw new Error('database down');
        },
        keep: async () => {
          throw new Error('database down');
        },
      });
      const res = await unreadable.inject('/financial-data-api-documentation');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<!doctype html><title>Docs</title><div id="root"></div>');
    });
  });

  it('leaves the path to the site when the build has no docs template', () => {
    const app = Fastify();
    apps.push(app);
    const root = mkdtempSync(join(tmpdir(), 'bahi-web-'));
    expect(registerDocsPage(app, join(root, 'dist'), '/docs', async () => '{}')).toBe(false);
  });
});
