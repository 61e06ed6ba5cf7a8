import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { publicSampleKey } from '@bahi/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const redisUrl = process.env.TEST_REDIS_URL;
const script = new URL('./testing/serve-for-test.ts', import.meta.url).pathname;

function startServer(prefix: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, REDIS_URL: redisUrl, RL_PREFIX: prefix, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
}

describe.skipIf(!redisUrl)('rate limit shared through Redis by two server processes', () => {
  const servers: { child: ChildProcess; port: number }[] = [];
  beforeAll(async () => {
    const prefix = `bahi:rl-test:${randomBytes(4).toString('hex')}`;
    servers.push(...(await Promise.all([startServer(prefix), startServer(prefix)])));
  }, 60_000);
  afterAll(() => {
    for (const s of servers) s.child.kill('SIGTERM');
  });

  it('lets exactly 300 of 330 calls in one window through, the rest 429 with Retry-After', async () => {
    const statuses: number[] = [];
    const retryAfter: (string | null)[] = [];
    for (let batch = 0; batch < 33; batch++) {
      const calls = Array.from({ length: 10 }, (_, i) => {
        const port = servers[(batch * 10 + i) % 2]!.port;
        return fetch(`http://127.0.0.1:${port}/api/v1/test-hello?token=${publicSampleKey}`);
      });
      for (const res of await Promise.all(calls)) {
        statuses.push(res.status);
        if (res.status === 429) retryAfter.push(res.headers.get('retry-after'));
        await res.arrayBuffer();
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(retryAfter.every((r) => r !== null && Number(r) > 0 && Number(r) <= 60)).toBe(true);
  });
});
