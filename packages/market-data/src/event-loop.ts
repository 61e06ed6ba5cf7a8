/**
 * Long work hands the event loop back between steps, so other requests (a health check, a cached
 * answer) are not held behind it: a step is at most `rowsPerStep` rows (parsing, shaping,
 * serializing), and `yieldToEventLoop` lets pending I/O run before the next one.
 */
export const rowsPerStep = 500;

/** Resolves after the event loop has run its pending I/O callbacks (a `setImmediate` turn). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
