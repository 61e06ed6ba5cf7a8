import type { IncomingMessage } from 'node:http';
import type { RateLimitOutcome } from './rate-limit.ts';

const counted = Symbol('bahi.countedAhead');

type Marked = IncomingMessage & { [counted]?: RateLimitOutcome };

/**
 * The answer front (front.ts) counts a call against the rate limit before it knows it will answer;
 * a call it then hands to the framework (refused past the limit) carries its outcome, so the
 * access hook does not count it twice.
 */
export function markCounted(req: IncomingMessage, outcome: RateLimitOutcome): void {
  (req as Marked)[counted] = outcome;
}

/** The outcome the front already counted for this request, if any. */
export function countedAhead(req: IncomingMessage): RateLimitOutcome | undefined {
  return (req as Marked)[counted];
}
