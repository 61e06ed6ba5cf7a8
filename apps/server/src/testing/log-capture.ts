import { Writable } from 'node:stream';

/** A log stream for `buildApp(config, { logStream })` that keeps every line, for tests to read. */
export function captureLogs(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}
