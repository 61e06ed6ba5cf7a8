#!/usr/bin/env node
// The production build (decision 0322): the server and the workspace packages it imports compiled
// to JavaScript by tsc into each package's dist/, then the web site by Vite.
//
//   node scripts/build.mjs               build everything afresh (`npm run build`)
//   node scripts/build.mjs --if-changed  what `npm start` runs: a step runs only when one of its
//                                        inputs is newer than that step's last build
//   node scripts/build.mjs [--if-changed] server   only the named steps (`server`, `site`): the
//                                        benches build the server alone (decision 0335)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ifChanged = process.argv.includes('--if-changed');
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
/** npm writes this on every install: a dependency change rebuilds too. */
const installed = 'node_modules/.package-lock.json';

/** The tsc projects, dependencies first; `tsc -b` builds them in one process. */
const serverProjects = ['packages/contracts', 'packages/market-data', 'packages/client', 'apps/server'];

const steps = [
  {
    name: 'server',
    inputs: [
      ...serverProjects.flatMap((p) => [`${p}/src`, `${p}/package.json`, `${p}/tsconfig.build.json`]),
      'tsconfig.base.json',
      'tsconfig.build.json',
      installed,
    ],
    stamp: 'apps/server/dist/.built',
    outputs: [
      ...serverProjects.map((p) => `${p}/dist/index.js`).filter((p) => !p.startsWith('apps/')),
      'apps/server/dist/main.js',
    ],
    command: [
      process.execPath,
      tsc,
      '-b',
      ...(ifChanged ? [] : ['--force']),
      ...serverProjects.map((p) => `${p}/tsconfig.build.json`),
    ],
  },
  {
    name: 'site',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/contracts/src',
      'packages/contracts/package.json',
      installed,
    ],
    stamp: 'apps/web/dist/.built',
    outputs: ['apps/web/dist/index.html', 'apps/web/dist/routes.json', 'apps/web/dist-ssr'],
    command: ['npm', 'run', 'build', '-w', 'apps/web'],
  },
];

/** Newest modification time (ms) of a file or anything under a folder; folders count too (a deletion). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let latest = st.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

function isCurrent(step) {
  const stamp = join(root, step.stamp);
  if (!existsSync(stamp) || !step.outputs.every((p) => existsSync(join(root, p)))) return false;
  const built = statSync(stamp).mtimeMs;
  return step.inputs.every((p) => newest(join(root, p)) <= built);
}

const unknown = named.filter((n) => !steps.some((s) => s.name === n));
if (unknown.length > 0) {
  console.error(`build: no step named ${unknown.join(', ')} (steps: ${steps.map((s) => s.name).join(', ')})`);
  process.exit(2);
}
for (const step of steps) {
  if (named.length > 0 && !named.includes(step.name)) continue;
  if (ifChanged && isCurrent(step)) {
    console.log(`${step.name}: up to date`);
    continue;
  }
  const started = new Date();
  const [command, ...args] = step.command;
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`build failed (${step.name}): ${step.command.join(' ')}`);
    process.exit(res.status ?? 1);
  }
  // Dated when the step began: a file saved during the build is newer, so the next start rebuilds.
  writeFileSync(join(root, step.stamp), 'inputs older than this file are in the build\n');
  utimesSync(join(root, step.stamp), started, started);
}
