import { runStdio } from './stdio.ts';

try {
  await runStdio();
} catch (err) {
  process.stderr.write(`bahi-mcp: ${(err as Error).message}\n`);
  process.exit(1);
}
