/**
 * `npm run client:generate`: rewrites the clients' generated files from the /openapi.json the
 * server serves, built in-process (no network, no data loaded: the document has no examples).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { generateClientFiles, generationClock } from '../src/clients/generate.ts';
import { repoRoot, testConfig } from '../src/config.ts';

const app = await buildApp(testConfig(), { clock: generationClock });
try {
  for (const [path, text] of Object.entries(await generateClientFiles(app))) {
    const target = join(repoRoot, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
    console.log(`wrote ${path}`);
  }
} finally {
  await app.close();
}
