/**
 * bench:docs — our docs page against Scalar's API reference, Redoc and Swagger UI, each served
 * locally from its npm package and fed the same /swagger/doc.json, in headless Chromium, on the
 * default sample universe (5,003 companies; SAMPLE_DATA=small for a quick run). Prints per tool:
 * JS+CSS bytes (gzip, level 9, measured the same way for all), the time from navigation until
 * the first endpoint block is laid out and visible in a frame (median of 5 cold loads), and the
 * bytes of the API document the page fetched (as transferred, and decoded). Needs
 * `npm run build:web`.
 *
 * The server loads the universe at start (minutes for the default one); DATABASE_URL or DATA_DIR
 * from the environment let it reuse a database loaded by an earlier run. BENCH_PORT sets the
 * server's port (4290).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServerProcess } from './server-process.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(join(root, 'package.json'));
const apiPort = Number(process.env.BENCH_PORT ?? 4290);
const api = `http://127.0.0.1:${apiPort}`;
/** The API documents a page may fetch. */
const documentPaths = ['/swagger/doc.json', '/openapi.json'];
const runs = 5;

const files: Record<string, { path: string; type: string }> = {
  '/scalar.js': {
    path: require.resolve('@scalar/api-reference/browser/standalone.js'),
    type: 'text/javascript',
  },
  '/redoc.js': { path: require.resolve('redoc/bundles/redoc.standalone.js'), type: 'text/javascript' },
};
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
const pages: Record<string, string> = {
  '/scalar.html': page(
    'Scalar',
    `<script id="api-reference" data-url="${api}/swagger/doc.json"></script><script src="/scalar.js"></script>`,
  ),
  '/redoc.html': page(
    'Redoc',
    `<redoc spec-url="${api}/swagger/doc.json"></redoc><script src="/redoc.js"></script>`,
  ),
};

const toolsFor = (toolsOrigin: string) => [
  { name: 'Bahi docs page', url: `${api}/financial-data-api-documentation` },
  { name: 'Scalar API reference', url: `${toolsOrigin}/scalar.html` },
  { name: 'Redoc', url: `${toolsOrigin}/redoc.html` },
  { name: 'Swagger UI', url: `${api}/swagger/ui/` },
];

/** True once the first endpoint block (heading or Swagger UI's operation row) is rendered and visible (scrolling may be needed). */
function firstEndpointVisible(): boolean {
  const candidates = document.querySelectorAll(
    'h1, h2, h3, h4, .opblock-summary-path, .opblock-summary-description',
  );
  for (const el of candidates) {
    const text = el.textContent?.trim() ?? '';
    if (text !== 'Stock symbols' && text !== '/stock-symbols') continue;
    if (el.closest('nav, aside')) continue;
    const r = el.getBoundingClientRect();
    if (
      r.width > 0 &&
      r.height > 0 &&
      el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
    )
      return true;
  }
  return false;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

// The default universe takes minutes to load into an empty database on a busy machine.
async function waitFor(url: string, tries = 3600): Promise<void> {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not start: ${url}`);
}

async function main() {
  const { stop } = startServerProcess(root, {
    PORT: String(apiPort),
    NODE_ENV: 'test',
    DATA_DIR: process.env.DATA_DIR ?? ':memory:',
    LOG_LEVEL: 'warn',
    SAMPLE_DATA: process.env.SAMPLE_DATA ?? 'default',
  });
  const statics = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const file = files[path];
    if (file) {
      res.writeHead(200, { 'content-type': file.type });
      return res.end(readFileSync(file.path));
    }
    const html = pages[path];
    if (html) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(html);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => statics.listen(0, '127.0.0.1', resolve));
  const toolsPort = (statics.address() as { port: number }).port;
  const tools = toolsFor(`http://127.0.0.1:${toolsPort}`);

  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    await waitFor(`${api}/healthz`);
    await (await fetch(`${api}/swagger/doc.json`)).text(); // build the document once before timing
    const results: { name: string; bytes: number; ms: number; docSent: number; docDecoded: number }[] = [];
    for (const tool of tools) {
      const times: number[] = [];
      let bytes = 0;
      let docSent = 0;
      let docDecoded = 0;
      for (let i = 0; i < runs; i++) {
        // bypassCSP lets the probe be evaluated on pages whose CSP forbids eval.
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
        const tab = await context.newPage();
        const bodies: Promise<number>[] = [];
        const documents: Promise<[number, number]>[] = [];
        tab.on('response', (res) => {
          if (documentPaths.includes(new URL(res.url()).pathname) && res.request().method() === 'GET') {
            documents.push(
              Promise.all([res.request().sizes(), res.body()]).then(
                ([sizes, body]): [number, number] => [sizes.responseBodySize, body.length],
                (): [number, number] => [0, 0],
              ),
            );
          }
          const type = res.request().resourceType();
          if (type === 'script' || type === 'stylesheet') {
            bodies.push(
              res.body().then(
                (b) => gzipSync(b, { level: 9 }).length,
                () => 0,
              ),
            );
          }
        });
        // The check runs in the page from its first frame on (an init script), once per frame
        // before it is painted. Polling from here instead (waitForFunction) starts only after a
        // round trip to the page once it commits, and its first check waits for a free main
        // thread: that lag, not the page, was most of the fastest tool's time.
        await tab.addInitScript(
          `(() => { const tick = () => { if ((${firstEndpointVisible.toString()})()) window.__firstEndpointSeen = performance.now(); else requestAnimationFrame(tick); }; requestAnimationFrame(tick); })()`,
        );
        await tab.goto(tool.url, { waitUntil: 'commit' });
        const handle = await tab.waitForFunction(
          () => (window as { __firstEndpointSeen?: number }).__firstEndpointSeen,
          undefined,
          { timeout: 60_000 },
        );
        times.push(Number(await handle.jsonValue()));
        await tab.waitForLoadState('networkidle');
        bytes = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
        const fetched = await Promise.all(documents);
        docSent = fetched.reduce((a, [sent]) => a + sent, 0);
        docDecoded = fetched.reduce((a, [, decoded]) => a + decoded, 0);
        await context.close();
      }
      results.push({ name: tool.name, bytes, ms: median(times), docSent, docDecoded });
    }
    const [ours, ...others] = results;
    const lightest = Math.min(...others.map((o) => o.bytes));
    const fastest = Math.min(...others.map((o) => o.ms));
    const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    const universe = process.env.SAMPLE_DATA ?? 'default';
    console.log(
      `\nDocs reference bench: ${universe} universe, median of ${runs} cold loads, headless Chromium, 1280x800\n`,
    );
    console.log(
      'tool                    JS+CSS gzip   first endpoint visible   document fetched (sent / decoded)',
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(24)}${kB(r.bytes).padStart(11)}   ${`${r.ms.toFixed(0)} ms`.padStart(22)}   ${kB(r.docSent).padStart(12)} / ${kB(r.docDecoded)}`,
      );
    }
    console.log(
      `\nours / lightest other: ${(ours!.bytes / lightest).toFixed(3)} of the JS+CSS bytes (target <= 0.5); ` +
        `${(ours!.ms / fastest).toFixed(2)}x the time of the fastest other (target <= 0.25)`,
    );
  } finally {
    await browser?.close();
    statics.close();
    stop();
  }
}

await main();
