/**
 * Bare Fastify: the baselines the API bench is measured against. `/` is the hello-world;
 * `/bytes/:n` answers a JSON body of n bytes from memory, to show what the payload alone costs;
 * `/bytes/:n/fields` the same with the header fields a data answer carries (as the bench posted
 * them to `/fields`, a new X-Request-Id each time), to show what the payload and those fields
 * cost without the product's work.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const bodies = new Map<number, Buffer>();
const bodyOf = (param: string) => {
  const n = Math.max(16, Math.min(10_000_000, Number(param) || 16));
  let body = bodies.get(n);
  if (!body) {
    // {"data":"…"}: 11 bytes around the string.
    body = Buffer.from(JSON.stringify({ data: 'x'.repeat(n - 11) }));
    bodies.set(n, body);
  }
  return body;
};
app.get<{ Params: { n: string } }>('/bytes/:n', async (req, reply) =>
  reply.type('application/json; charset=utf-8').send(bodyOf(req.params.n)),
);
let fields: Record<string, string> = {};
app.post<{ Body: Record<string, string> }>('/fields', async (req) => {
  fields = req.body;
  return { fields: Object.keys(fields).length };
});
app.get<{ Params: { n: string } }>('/bytes/:n/fields', async (req, reply) =>
  reply
    .headers(fields)
    .header('x-request-id', randomUUID())
    .type('application/json; charset=utf-8')
    .send(bodyOf(req.params.n)),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
