import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { RateLimitOutcome } from './rate-limit.ts';

const counted = Symbol('bahi.countedAhead');

type Marked = { [counted]?: RateLimitOutcome | undefined };

/**
 * The answer front (front.ts) counts a call against the rate limit before it knows it will answer;
 * a call it then hands to the framework (refused past the limit) carries its outcome, so the
 * access hook does not count it twice.
 */
export function markCounted(req: object, outcome: RateLimitOutcome): void {
  (req as Marked)[counted] = outcome;
}

/** The outcome the front already counted for this request, if any. */
export function countedAhead(req: IncomingMessage | object): RateLimitOutcome | undefined {
  return (req as Marked)[counted];
}

/**
 * The answer wire (front-wire.ts) hands a connection to Node's http with the request it counted
 * and refused still unread: the outcome waits on the socket for that request, the next the
 * connection's parser makes.
 */
export function carryCounted(socket: Socket, outcome: RateLimitOutcome): void {
  (socket as Marked)[counted] = outcome;
}

/** The outcome carried on the socket for its next request, once. */
export function takeCarried(socket: Socket): RateLimitOutcome | undefined {
  const s = socket as Marked;
  const outcome = s[counted];
  if (outcome !== undefined) s[counted] = undefined;
  return outcome;
}
