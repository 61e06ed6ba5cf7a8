import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicSampleKey, sitePaths } from '@bahi/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killServer, type ServerProcess, startServer } from './testing/server-process.ts';

const root = new URL('../../../../', import.meta.url).pathname;

/** scripts/build.mjs with these arguments, outside the test's NODE_ENV. */
function runBuild(...args: string[]) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')),
  );
  return spawnSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: root, env, encoding: 'utf8' });
}

/** The build as `npm start` runs it (only what changed since the last one). */
function build(): void {
  const res = runBuild('--if-changed');
  if (res.status !== 0) throw new Error(`build failed:\n${res.stdout}\n${res.stderr}`);
}

describe('the production build', () => {
  let server: ServerProcess | undefined;
  beforeAll(build, 300_000);
  afterAll(() => killServer(server));

  it('serves the API, the site and the documents from compiled JavaScript on plain node', {
    timeout: 120_000,
  }, async () => {
    // No TypeScript loader: a .ts module anywhere in the graph would stop it from starting.
    server = await startServer({ WEB_DIST: 'apps/web/dist' }, { compiled: true });
    const get = (path: string) => fetch(`${server?.url}${path}`);
    // Migrations (SQL beside the packages) ran, and the database thread (db/pglite-thread.mjs) answers.
    expect(await (await get('/readyz')).json()).toMatchObject({ status: 'ready', database: 'pglite' });
    const profile = await get(`/api/v1/company-profile/ITC?token=${publicSampleKey}`);
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ data: { symbol: 'ITC' } });
    // The built site, the docs page rendered with the SSR build, Swagger UI's assets, the PDF.
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html');
    const docs = await get(sitePaths.docs);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('company-profile');
    expect((await get('/swagger/ui/swagger-ui.css')).status).toBe(200);
    const pdf = await get('/swagger/reference.pdf');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('builds only the steps named, and refuses a name it does not know', () => {
    // As the benches bring the server's build up to date (decision 0335): the site is not looked at.
    const server = runBuild('--if-changed', 'server');
    expect(server.status).toBe(0);
    expect(server.stdout).toContain('server: up to date');
    expect(server.stdout).not.toContain('site');
    const unknown = runBuild('--if-changed', 'website');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no step named website (steps: server, site)');
  });

  it('leaves every file the Dockerfile copies into the image, and the file its CMD runs', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const copied = [...dockerfile.matchAll(/^COPY --from=build \/app\/(\S+) /gm)].map((m) => m[1] ?? '');
    expect(copied).toContain('apps/server/dist');
    for (const path of copied) expect(existsSync(join(root, path)), path).toBe(true);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(cmd[0]).toBe('node');
    const script = cmd.slice(1).find((arg) => !arg.startsWith('-'));
    expect(script).toBe('apps/server/dist/main.js');
    expect(existsSync(join(root, script ?? 'missing'))).toBe(true);
  });
});
