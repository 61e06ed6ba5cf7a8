/**
 * Times cold per-company answers in process (app.inject, no network): every company of the
 * small sample universe on financials/{symbol}, then the same again cached. Run with
 * `node --cpu-prof --import tsx apps/server/bench/cold-profile.ts` to see where the time goes (the
 * sources), or after `node scripts/build.mjs server` with `--conditions=bahi-dist` (the build).
 * PROFILE_ENDPOINTS (comma-separated, e.g. `financials,ratios`) picks endpoints and
 * PROFILE_COMPANIES caps the companies asked.
 */
import { performance } from 'node:perf_hooks';
import { benchApp, untilPrepared } from './bench-app.mjs';

const { app, key, symbols } = await benchApp();
await app.ready();
console.log(`answers prepared in ${await untilPrepared(app)} s`);
const only = process.env.PROFILE_ENDPOINTS?.split(',');
const limit = Number(process.env.PROFILE_COMPANIES ?? Number.POSITIVE_INFINITY);
const paths = (s: string) =>
  [
    `/api/v1/financials/${s}?statement_type=s&period=annual`,
    `/api/v1/daily-quotes/${s}?from=2016-01-01`,
    `/api/v1/ratios/${s}`,
    `/api/v1/company-profile/${s}`,
  ].filter((p) => !only || only.includes(p.split('/')[3]!));
for (const round of ['cold', 'cached']) {
  const per = new Map<string, number[]>();
  const cpu0 = process.cpuUsage();
  let asked = 0;
  for (const s of symbols.slice(0, limit)) {
    for (const p of paths(encodeURIComponent(s))) {
      const t = performance.now();
      const res = await app.inject({
        url: `${p}&token=${key}`.replace('?&', '?').replace(/^([^?]*)&/, '$1?'),
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      asked += 1;
      const ms = performance.now() - t;
      const name = p.split('/')[3]!;
      if (res.statusCode !== 200 && res.statusCode !== 402)
        console.log(res.statusCode, p, res.body.slice(0, 200));
      per.set(name, [...(per.get(name) ?? []), ms]);
    }
  }
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${round}: process CPU (every thread) ${((cpu.user + cpu.system) / 1000 / asked).toFixed(2)} ms per request`,
  );
  for (const [name, ms] of per) {
    const sorted = ms.sort((a, b) => a - b);
    console.log(
      `${round} ${name}: n=${ms.length} median ${sorted[sorted.length >> 1]!.toFixed(2)} ms, mean ${(ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(2)} ms`,
    );
  }
}
await app.close();
