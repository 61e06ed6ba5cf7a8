import { randomBytes } from 'node:crypto';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../accounts/api-keys.ts';
import { setSubscription, upsertUser } from '../accounts/users.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { captureLogs } from '../testing/log-capture.ts';

/**
 * Schema-driven fuzzing of every operation in the served /openapi.json: each parameter of each
 * operation gets hostile values (a fixed list, then generated ones from a fixed seed) while the
 * other parameters keep their documented example. No answer may be a 5xx, every error is
 * problem+json naming its request id, and no log line may contain the API key used.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  example?: unknown;
  schema?: { type?: string; enum?: unknown[]; default?: unknown; example?: unknown; examples?: unknown[] };
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
}

const fixedHostile = [
  '',
  ' ',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
  '-1e309',
  '0x7E8',
  '0o17',
  '0b101',
  '1e1',
  '-0',
  '9'.repeat(40),
  '-9007199254740993',
  '2024-02-30',
  '0000-01-01',
  '9999-99-99',
  "' OR 1=1 --",
  '%00',
  '\u0000',
  '\u001b[2J',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{"$gt":""}',
  'null',
  'true',
  '[]',
  '😀'.repeat(30),
  'A'.repeat(600),
];

/** A value the documents give for a parameter, to keep the other parameters valid. */
function exampleOf(p: Parameter): string | undefined {
  const s = p.schema ?? {};
  const v = p.example ?? s.example ?? s.examples?.[0] ?? s.default ?? s.enum?.[0];
  if (v !== undefined) return String(v);
  if (p.name === 'symbol') return 'ITC';
  if (p.required) return s.type === 'integer' ? '1' : 'ITC';
  return undefined;
}

function operationsOf(doc: {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({ method: method.toUpperCase(), path, parameters: op.parameters ?? [] });
    }
  }
  return ops;
}

function requestFor(op: Operation, values: Map<string, string>, key: string) {
  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  for (const p of op.parameters) {
    const v = values.get(p.name);
    if (v === undefined) continue;
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(v));
    else if (p.in === 'query') {
      if (p.name !== 'token') query.append(p.name, v);
    } else if (p.in === 'header' && p.name.toLowerCase() !== 'authorization') {
      // Header values cannot carry every byte; what cannot be sent is sent percent-encoded.
      headers[p.name] = /^[\t\x20-\x7e]*$/.test(v) ? v : encodeURIComponent(v);
    }
  }
  const qs = query.toString();
  return { method: op.method, url: `${path.replace(/\{[^}]+\}/g, 'ITC')}${qs ? `?${qs}` : ''}`, headers };
}

const randomRuns = 6;

for (const target of testDatabases()) {
  describe(`hostile values in every parameter of every operation on ${target.name}`, () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    let key: string;
    const logs = captureLogs();
    const lines = logs.lines;

    beforeAll(async () => {
      const db = await target.open();
      app = await buildApp(testConfig({ logLevel: 'info' }), { db, logStream: logs.stream });
      app.addHook('onClose', () => db.close());
      const user = await upsertUser(db, { email: 'fuzz@example.com', firstName: 'Fuzz', lastName: 'Er' });
      await setSubscription(db, user.id, {
        plan: 'E',
        billingCycle: 'annual',
        status: 'active',
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      key = await issueKey(db, user.id, app.apiKeySecret);
    });
    afterAll(async () => {
      await app.close();
      await target.drop();
    });

    it('answers no 5xx, problem+json with a request id for every error, and logs no key', async () => {
      const doc = (await app.inject('/openapi.json')).json();
      const ops = operationsOf(doc);
      expect(ops.length).toBeGreaterThan(20);
      let requests = 0;
      const failures: string[] = [];

      const send = async (op: Operation, values: Map<string, string>) => {
        const req = requestFor(op, values, key);
        // A fresh loopback address per request: the abuse limits must not hide the handlers.
        const remoteAddress = `127.${[0, 0, 0].map(() => randomBytes(1)[0]! % 250).join('.')}`;
        const res = await app.inject({ ...req, method: req.method as 'GET', remoteAddress });
        requests += 1;
        const where = `${req.method} ${req.url} → ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(where);
        if (res.statusCode >= 400) {
          if (!String(res.headers['content-type']).startsWith('application/problem+json')) {
            failures.push(`${where}: not problem+json`);
            return;
          }
          const body = res.json() as { request_id?: unknown };
          if (typeof body.request_id !== 'string' || body.request_id !== res.headers['x-request-id']) {
            failures.push(`${where}: no request id`);
          }
        }
      };

      for (const op of ops) {
        const examples = new Map<string, string>();
        for (const p of op.parameters) {
          const v = exampleOf(p);
          if (v !== undefined) examples.set(p.name, v);
        }
        const targets = op.parameters.filter((p) => p.name !== 'token' && p.in !== 'header');
        for (const p of targets) {
          // The key itself, under this parameter's name: it must not reach a log line either.
          for (const value of [...fixedHostile, key, `x${key}`]) {
            await send(op, new Map([...examples, [p.name, value]]));
          }
          await fc.assert(
            fc.asyncProperty(
              fc.oneof(
                fc.string({ unit: 'binary', maxLength: 40 }),
                fc.integer().map(String),
                fc.double().map(String),
                fc.bigInt().map(String),
                fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
              ),
              async (value) => {
                await send(op, new Map([...examples, [p.name, value]]));
              },
            ),
            { seed: 16, numRuns: randomRuns },
          );
        }
        // Secrets in places no parameter names: an unknown parameter, an array form, a header.
        const q = `tokens=${key}&TOKEN=${key}&token%5B%5D=${key}`;
        const url = requestFor(op, examples, key).url;
        const res = await app.inject({
          method: op.method as 'GET',
          url: `${url}${url.includes('?') ? '&' : '?'}${q}`,
          headers: { 'x-api-key': key, referer: `https://example.com/?k=${key}` },
        });
        requests += 1;
        if (res.statusCode >= 500) failures.push(`${op.method} ${op.path} with keys → ${res.statusCode}`);
      }

      console.log(`fuzz on ${target.name}: ${requests} requests over ${ops.length} operations`);
      expect(failures).toEqual([]);
      const leaking = lines.filter((l) => l.includes(key.slice(5)));
      expect(leaking).toEqual([]);
      expect(lines.length).toBeGreaterThan(requests);
    }, 240_000);
  });
}
