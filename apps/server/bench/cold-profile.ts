/**
 * Times cold per-company answers in process (app.inject, no network): every company of the
 * small sample universe on financials/{symbol}, then the same again cached. Run with
 * `node --cpu-prof --import tsx apps/server/bench/cold-profile.ts` to see where the time goes.
 */
import { performance } from 'node:perf_hooks';
import { benchApp } from './bench-app.ts';

const { app, key, symbols } = await benchApp();
await app.ready();
const paths = (s: string) => [
  `/api/v1/financials/${s}?statement_type=s&period=annual`,
  `/api/v1/daily-quotes/${s}?from=2016-01-01`,
  `/api/v1/ratios/${s}`,
  `/api/v1/company-profile/${s}`,
];
for (const round of ['cold', 'cached']) {
  const per = new Map<string, number[]>();
  for (const s of symbols) {
    for (const p of paths(encodeURIComponent(s))) {
      const t = performance.now();
      const res = await app.inject({
        url: `${p}&token=${key}`.replace('?&', '?').replace(/^([^?]*)&/, '$1?'),
      });
      const ms = performance.now() - t;
      const name = p.split('/')[3]!;
      if (res.statusCode !== 200 && res.statusCode !== 402)
        console.log(res.statusCode, p, res.body.slice(0, 200));
      per.set(name, [...(per.get(name) ?? []), ms]);
    }
  }
  for (const [name, ms] of per) {
    const sorted = ms.sort((a, b) => a - b);
    console.log(
      `${round} ${name}: n=${ms.length} median ${sorted[sorted.length >> 1]!.toFixed(2)} ms, mean ${(ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(2)} ms`,
    );
  }
}
await app.close();
