import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';

for (const target of testDatabases()) {
  describe(`static site compression on ${target.name}`, () => {
    const site = mkdtempSync(join(tmpdir(), 'bahi-site-'));
    const js = 'console.log("hello from the bundle");'.repeat(50);
    const page = `<!doctype html><title>Pricing</title>${'<p>plan</p>'.repeat(100)}`;
    mkdirSync(join(site, 'assets'));
    mkdirSync(join(site, 'pricing'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(site, 'assets', 'app-1.js'), js);
    writeFileSync(join(site, 'assets', 'app-1.js.br'), brotliCompressSync(js));
    writeFileSync(join(site, 'assets', 'app-1.js.gz'), gzipSync(js));
    writeFileSync(join(site, 'pricing', 'index.html'), page);
    writeFileSync(join(site, 'pricing', 'index.html.gz'), gzipSync(page));
    let app: Awaited<ReturnType<typeof buildApp>>;

    beforeAll(async () => {
      const db = await target.open();
      app = await buildApp(testConfig({ webDist: site }), { db });
      app.addHook('onClose', () => db.close());
    });
    afterAll(async () => {
      await app.close();
      await target.drop();
    });

    it('sends the precompressed sibling the client accepts, best first', async () => {
      const br = await app.inject({
        url: '/assets/app-1.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.headers['content-type']).toContain('text/javascript');
      expect(Number(br.headers['content-length'])).toBeLessThan(js.length / 4);
      const gz = await app.inject({
        url: '/assets/app-1.js',
        headers: { 'accept-encoding': 'gzip, br;q=0' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const html = await app.inject({ url: '/pricing', headers: { 'accept-encoding': 'br, gzip' } });
      expect(html.headers['content-encoding']).toBe('gzip');
      expect(html.headers['content-type']).toContain('text/html');
    });

    it('sends the plain file when the client accepts no coding or no sibling exists', async () => {
      const plain = await app.inject({ url: '/assets/app-1.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
      const shell = await app.inject({ url: '/somewhere', headers: { 'accept-encoding': 'br' } });
      expect(shell.headers['content-encoding']).toBeUndefined();
      expect(shell.body).toContain('<title>shell</title>');
    });
  });
}
