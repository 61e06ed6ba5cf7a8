import type { Db } from './types.ts';

/**
 * `withLock` for a database only this process opens (embedded PGlite): callers of one name run
 * one after another, in call order.
 */
export function processLock(): Db['withLock'] {
  const tails = new Map<string, Promise<void>>();
  return async (name, fn) => {
    const previous = tails.get(name) ?? Promise.resolve();
    let release = () => {};
    const tail = previous.then(() => new Promise<void>((resolve) => (release = resolve)));
    tails.set(name, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (tails.get(name) === tail) tails.delete(name);
    }
  };
}
