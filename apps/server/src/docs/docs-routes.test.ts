import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { publicSampleKey } from '@bahi/contracts';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNegotiatedDocument } from '../api/testing/representations.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { pdfText } from './pdf-reference.ts';

for (const target of testDatabases()) {
  describe(`reference tools on ${target.name}`, () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    let paths: string[];

    beforeAll(async () => {
      const db = await target.open();
      app = await buildApp(testConfig({ publicUrl: 'https://bahi.example' }), { db });
      app.addHook('onClose', () => db.close());
      paths = Object.keys((await app.inject('/swagger/doc.json')).json().paths);
    });
    afterAll(async () => {
      await app.close();
      await target.drop();
    });

    it('serves a Postman v2.1 collection with every operation and the key as a variable', async () => {
      const res = await app.inject('/swagger/postman.json');
      expect(res.statusCode).toBe(200);
      const collection = res.json();
      expect(collection.info.schema).toContain('v2.1.0');
      const requests: {
        name: string;
        response: { code: number; originalRequest: { url: { query?: { key: string }[] } } }[];
        request: {
          auth?: { apikey: { key: string; value: string }[] };
          url: { query?: { key: string; value: string; disabled?: boolean }[] };
        };
      }[] = [];
      const walk = (items: unknown[]) => {
        for (const item of items as { item?: unknown[]; request?: never }[]) {
          if (item.item) walk(item.item);
          else if (item.request) requests.push(item as never);
        }
      };
      walk(collection.item);
      expect(requests).toHaveLength(paths.length);
      for (const r of requests) {
        expect(r.request.auth?.apikey).toEqual(
          expect.arrayContaining([
            { key: 'key', value: 'token' },
            { key: 'value', value: '{{apiKey}}' },
            { key: 'in', value: 'query' },
          ]),
        );
      }
      // No made-up error bodies are saved as responses (postman-collection.test.ts checks the example).
      for (const r of requests) {
        expect(
          r.response.map((x) => x.code),
          r.name,
        ).toEqual([200]);
        expect(r.response[0]!.originalRequest.url.query ?? [], r.name).not.toContainEqual(
          expect.objectContaining({ key: 'token' }),
        );
      }
      // The key goes once, through the auth; a made-up value for an optional parameter is not sent.
      const query = requests.flatMap((r) => r.request.url.query ?? []);
      expect(query.filter((q) => q.key === 'token')).toEqual([]);
      const declaration = requests.find((r) => r.name === 'Shareholding declaration')!;
      expect(declaration.request.url.query).toEqual([
        expect.objectContaining({ key: 'period', disabled: true }),
        expect.objectContaining({ key: 'date', disabled: true }),
      ]);
      const statements = requests.find((r) => r.name === 'Financial statements')!;
      expect(statements.request.url.query).toContainEqual(
        expect.objectContaining({ key: 'statement_type', disabled: false }),
      );
      expect(collection.variable).toContainEqual({ key: 'apiKey', value: publicSampleKey, type: 'string' });
      expect(collection.variable).toContainEqual({
        key: 'baseUrl',
        value: 'https://bahi.example/api/v1',
        type: 'string',
      });
    });

    it('writes PUBLIC_URL, never a local address, as the base of every document', async () => {
      const swagger = (await app.inject('/swagger/doc.json')).json();
      expect(swagger).toMatchObject({ host: 'bahi.example', schemes: ['https'], basePath: '/api/v1' });
      const openapi = (await app.inject('/openapi.json')).json();
      expect(openapi.servers).toEqual([{ url: 'https://bahi.example/api/v1' }]);
      for (const url of ['/swagger/doc.json', '/openapi.json', '/swagger/postman.json', '/llms.txt']) {
        const body = (await app.inject(url)).body;
        expect(body, url).not.toMatch(/localhost|127\.0\.0\.1|http:\/\//);
      }
      // One of the two ways of sending the key is required, and the documents say so.
      for (const text of [
        JSON.stringify(swagger.securityDefinitions),
        JSON.stringify(openapi.components.securitySchemes),
      ])
        expect(text).toContain('One of this or');
      const llms = (await app.inject('/llms.txt')).body;
      expect(llms).toContain('`token` (query, string, required unless Authorization: Bearer is sent)');
    });

    it('sends the Postman collection and /llms.txt br or gzip compressed when accepted, with ETags and 304', async () => {
      for (const url of ['/swagger/postman.json', '/llms.txt']) await expectNegotiatedDocument(app, url);
    });

    it('serves Swagger UI from the npm package, pointed at our document, without inline scripts', async () => {
      const page = await app.inject('/swagger/ui/');
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toMatch(/<script>[^<]/);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const init = await app.inject('/swagger/ui/init.js');
      expect(init.body).toContain("url: '/swagger/doc.json'");
      const bundle = await app.inject('/swagger/ui/swagger-ui-bundle.js');
      expect(bundle.statusCode).toBe(200);
      expect(bundle.body.length).toBeGreaterThan(100_000);
    });

    it('serves a PDF field reference, framable by our own pages only', async () => {
      const res = await app.inject('/swagger/reference.pdf');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.length).toBeGreaterThan(5000);
    });

    it('keeps the Postman collection and /llms.txt, so a restart on the same document serves them as kept', async () => {
      await app.inject('/swagger/postman.json');
      await app.inject('/llms.txt');
      const db = app.deps.db;
      const kept = async () =>
        (
          await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM kept_document WHERE kind IN ('reference postman', 'reference llms')",
          )
        ).rows[0]!.n;
      await expect.poll(kept).toBe(2);
      // Mark what is kept: a start that builds them again cannot send the mark.
      for (const name of ['postman', 'llms']) {
        const mark = Buffer.from(name === 'postman' ? '{"kept":"postman"}' : 'kept llms.txt');
        await db.query('UPDATE kept_document SET plain = $2, gzip = $3, br = $4 WHERE kind = $1', [
          `reference ${name}`,
          mark,
          gzipSync(mark),
          brotliCompressSync(mark),
        ]);
      }
      const restarted = await buildApp(testConfig({ publicUrl: 'https://bahi.example' }), { db });
      try {
        expect((await restarted.inject('/llms.txt')).body).toBe('kept llms.txt');
        const postman = await restarted.inject({
          url: '/swagger/postman.json',
          headers: { 'accept-encoding': 'gzip' },
        });
        expect(gunzipSync(postman.rawPayload).toString()).toBe('{"kept":"postman"}');
        // Another public URL makes another collection.
        const elsewhere = await buildApp(testConfig({ publicUrl: 'https://api.bahi.example' }), { db });
        try {
          expect((await elsewhere.inject('/llms.txt')).body).toContain('https://api.bahi.example');
        } finally {
          await elsewhere.close();
        }
      } finally {
        await restarted.close();
      }
    });

    it('serves /llms.txt listing every path with its parameters', async () => {
      const res = await app.inject('/llms.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      for (const path of paths) expect(res.body).toContain(`### GET ${path}`);
      expect(res.body).toContain('Base URL: https://bahi.example/api/v1');
      expect(res.body).toContain('`symbol` (path, string, required)');
    });
  });
}

describe('pdfText', () => {
  it('spells the rupee sign out for the standard PDF fonts', () => {
    expect(pdfText('₹2,000 per month — quarterly')).toBe('Rs. 2,000 per month - quarterly');
  });
});
