// Files import one way: exits 1, naming the files, when the static relative imports (type-only
// ones included) of any workspace's sources form a cycle. Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceDirs = ['apps', 'packages'].flatMap((group) =>
  readdirSync(join(root, group))
    .map((name) => join(root, group, name, 'src'))
    .filter((dir) => existsSync(dir)),
);

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') walk(path);
    } else if (/\.(ts|tsx|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
};
for (const dir of sourceDirs) walk(dir);

const known = new Set(files);
const resolveImport = (from, spec) => {
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (known.has(candidate)) return candidate;
  return null;
};

/** Static imports and re-exports with a relative specifier, `import type` and `export type` too. */
const importPattern =
  /^\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.{1,2}\/[^'"]+)['"]|^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
const graph = new Map();
for (const file of files) {
  const deps = new Set();
  for (const m of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const target = resolveImport(file, m[1] ?? m[2]);
    if (target) deps.add(target);
  }
  graph.set(file, [...deps]);
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let next = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
const visit = (v) => {
  index.set(v, next);
  low.set(v, next);
  next += 1;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v)) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v).includes(v)) cycles.push(component);
  }
};
for (const file of files) if (!index.has(file)) visit(file);

if (cycles.length > 0) {
  for (const c of cycles) console.error(`import cycle: ${c.map((f) => relative(root, f)).join(' ↔ ')}`);
  console.error('Files import one way: move what both sides need into a module both import.');
  process.exit(1);
}
console.log(`import cycles: none in ${files.length} files`);
