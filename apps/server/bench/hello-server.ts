/**
 * Bare Fastify: the baselines the API bench is measured against. `/` is the hello-world;
 * `/bytes/:n` answers a JSON body of n bytes from memory, to show what the payload alone costs.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const bodies = new Map<number, Buffer>();
app.get<{ Params: { n: string } }>('/bytes/:n', async (req, reply) => {
  const n = Math.max(16, Math.min(10_000_000, Number(req.params.n) || 16));
  let body = bodies.get(n);
  if (!body) {
    body = Buffer.from(JSON.stringify({ data: 'x'.repeat(n - 12) }));
    bodies.set(n, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
