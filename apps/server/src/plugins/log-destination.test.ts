import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LogDestination } from './log-destination.ts';

const lines = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `{"n":${i},"tag":"${tag}","text":"ünïcødé ${'x'.repeat(i % 50)}"}\n`);

describe('LogDestination', () => {
  it('writes every line, in order, however many arrive while a write is in flight', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
    const fd = openSync(file, 'w');
    const dest = new LogDestination(fd);
    const sent = lines(20_000, 'a');
    // Bursts with pauses, so lines queue behind writes in flight and later ones start new writes.
    for (let i = 0; i < sent.length; i++) {
      dest.write(sent[i]!);
      if (i % 2_500 === 0) await new Promise((r) => setTimeout(r, 1));
    }
    await expect
      .poll(() => readFileSync(file, 'utf8').length, { timeout: 10_000 })
      .toBe(sent.join('').length);
    expect(readFileSync(file, 'utf8')).toBe(sent.join(''));
    closeSync(fd);
  });

  it('holds a line back at most the linger time, so lines written apart go out together', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
    const fd = openSync(file, 'w');
    const dest = new LogDestination(fd, 200);
    const t0 = performance.now();
    dest.write('first\n');
    await new Promise((r) => setTimeout(r, 30));
    dest.write('second\n');
    await new Promise((r) => setTimeout(r, 30));
    // Nothing written yet: both lines wait for the first one's linger time.
    expect(readFileSync(file, 'utf8')).toBe('');
    await expect
      .poll(() => readFileSync(file, 'utf8'), { timeout: 2_000, interval: 5 })
      .toBe('first\nsecond\n');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(195);
    expect(dest.writes).toEqual({ full: 0, lingered: 1 });
    closeSync(fd);
  });

  it('writes a full batch (64 KB) at once, without waiting the linger time', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
    const fd = openSync(file, 'w');
    const dest = new LogDestination(fd, 60_000);
    const sent = lines(2_000, 'b');
    for (const line of sent) dest.write(line);
    const whole = sent.join('');
    expect(whole.length).toBeGreaterThan(64 * 1024);
    // Everything up to the first full batch goes out well before the minute's linger time.
    await expect
      .poll(() => readFileSync(file, 'utf8').length, { timeout: 2_000 })
      .toBeGreaterThanOrEqual(64 * 1024);
    expect(whole.startsWith(readFileSync(file, 'utf8'))).toBe(true);
    expect(dest.writes.full).toBeGreaterThan(0);
    expect(dest.writes.lingered).toBe(0);
    closeSync(fd);
  });

  it("writes lines longer than a batch, and characters of several bytes at a batch's edge, whole and in order", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
    const fd = openSync(file, 'w');
    const dest = new LogDestination(fd, 5);
    const sent: string[] = [];
    for (let i = 0; i < 3_000; i++) {
      // Lines of 1 to 4 UTF-8 bytes a character, of lengths that fall on every offset of a batch.
      sent.push(`${i}:${'é'.repeat(i % 97)}${'€'.repeat(i % 31)}${'😀'.repeat(i % 7)}\n`);
      if (i % 1_000 === 500) sent.push(`${'long '.repeat(30_000)}${i}\n`);
    }
    for (const line of sent) dest.write(line);
    const whole = sent.join('');
    await expect.poll(() => statSync(file).size, { timeout: 10_000 }).toBe(Buffer.byteLength(whole));
    expect(readFileSync(file, 'utf8')).toBe(whole);
    closeSync(fd);
  });

  it('writes every line through a full pipe, whose writes go out in part or not at all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'log-'));
    const fifo = join(dir, 'pipe');
    const file = join(dir, 'out.log');
    execFileSync('mkfifo', [fifo]);
    // Read and write, non-blocking: the pipe's 64 KiB fill up while its reader is asleep.
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    const reader = spawn('sh', ['-c', `sleep 0.5; exec cat "${fifo}" > "${file}"`], { stdio: 'ignore' });
    const dest = new LogDestination(fd, 1);
    const sent = lines(40_000, 'p');
    for (let i = 0; i < sent.length; i++) {
      dest.write(sent[i]!);
      if (i % 5_000 === 0) await new Promise((r) => setTimeout(r, 1));
    }
    const whole = sent.join('');
    await expect
      .poll(() => statSync(file, { throwIfNoEntry: false })?.size ?? 0, { timeout: 20_000 })
      .toBe(Buffer.byteLength(whole));
    closeSync(fd);
    await new Promise((r) => reader.once('exit', r));
    expect(readFileSync(file, 'utf8')).toBe(whole);
  });

  it('writes what is still queued when the process exits', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
    const script = `
      import { openSync } from 'node:fs';
      import { LogDestination } from ${JSON.stringify(new URL('./log-destination.ts', import.meta.url).pathname)};
      const dest = new LogDestination(openSync(${JSON.stringify(file)}, 'w'));
      for (let i = 0; i < 5000; i++) dest.write('line ' + i + '\\n');
      process.exit(0);
    `;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    const written = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(written).toHaveLength(5000);
    expect(written.at(-1)).toBe('line 4999');
  });
});
