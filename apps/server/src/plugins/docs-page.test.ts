import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerDocsPage } from './docs-page.ts';

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

describe('the docs page rendered from the served document', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function serve(root: string, document: () => Promise<string>) {
    const app = Fastify();
    apps.push(app);
    expect(registerDocsPage(app, root, '/financial-data-api-documentation', document)).toBe(true);
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

  it('leaves the path to the site when the build has no docs template', () => {
    const app = Fastify();
    apps.push(app);
    const root = mkdtempSync(join(tmpdir(), 'bahi-web-'));
    expect(registerDocsPage(app, join(root, 'dist'), '/docs', async () => '{}')).toBe(false);
  });
});
