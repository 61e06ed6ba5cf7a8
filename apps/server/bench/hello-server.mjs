// @ts-check
/**
 * Bare Fastify: the baselines the API bench is measured against. `/` is the hello-world;
 * `/bytes/:n` answers a JSON body of n bytes from memory, to show what the payload alone costs;
 * `/bytes/:n/fields` the same with the header fields a data answer carries (as the bench posted
 * them to `/fields`, a new X-Request-Id each time), to show what the payload and those fields
 * cost without the product's work.
 *
 * Beside it, on a second port (`rawPort`), bare Node http answering `/bytes/:n/fields` alone as
 * the answer front writes an answer (decision 0325): one `writeHead` with the fields as an array,
 * then the body. No framework, no product work: what Node's http costs to send that body with
 * those fields, the ceiling of any server written on it.
 *
 * Plain JavaScript, run by plain node as the product's build is (decision 0336).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
/** @type {Map<number, Buffer>} */
const bodies = new Map();
/** @param {string} param */
const bodyOf = (param) => {
  const n = Math.max(16, Math.min(10_000_000, Number(param) || 16));
  let body = bodies.get(n);
  if (!body) {
    // {"data":"…"}: 11 bytes around the string.
    body = Buffer.from(JSON.stringify({ data: 'x'.repeat(n - 11) }));
    bodies.set(n, body);
  }
  return body;
};
/** @param {{ params: unknown }} req */
const sizeOf = (req) => /** @type {{ n: string }} */ (req.params).n;
app.get('/bytes/:n', async (req, reply) =>
  reply.type('application/json; charset=utf-8').send(bodyOf(sizeOf(req))),
);
/** @type {Record<string, string>} */
let fields = {};
/**
 * The same fields as one name, value, name, value… list, made once for the bare Node server.
 * @type {string[]}
 */
let fieldList = [];
app.post('/fields', async (req) => {
  fields = /** @type {Record<string, string>} */ (req.body);
  fieldList = Object.entries(fields).flat();
  return { fields: Object.keys(fields).length };
});
app.get('/bytes/:n/fields', async (req, reply) =>
  reply
    .headers(fields)
    .header('x-request-id', randomUUID())
    .type('application/json; charset=utf-8')
    .send(bodyOf(sizeOf(req))),
);

const raw = createServer((req, res) => {
  const m = /^\/bytes\/(\d+)\/fields$/.exec(req.url ?? '');
  if (!m) {
    res.writeHead(404).end();
    return;
  }
  const body = bodyOf(m[1] ?? '');
  const list = fieldList.slice();
  list.push('x-request-id', randomUUID(), 'content-type', 'application/json; charset=utf-8');
  list.push('content-length', String(body.length));
  res.writeHead(200, list);
  res.end(body);
});
// As Fastify sets its server (and the product's): idle connections kept 72 s.
raw.keepAliveTimeout = app.server.keepAliveTimeout;

await app.listen({ port: 0, host: '127.0.0.1' });
await /** @type {Promise<void>} */ (new Promise((resolve) => raw.listen(0, '127.0.0.1', resolve)));
/** @param {import('node:net').AddressInfo | string | null} a */
const portOf = (a) => (typeof a === 'object' && a ? a.port : 0);
const port = portOf(app.server.address());
const rawPort = portOf(raw.address());
console.log(JSON.stringify({ port, rawPort }));
process.once('SIGTERM', () => {
  raw.close();
  void app.close().then(() => process.exit(0));
});
