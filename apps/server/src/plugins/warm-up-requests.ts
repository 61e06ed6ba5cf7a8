import { randomBytes } from 'node:crypto';

/**
 * Requests the process's own warm-up sends through the framework (decision 0362): not a
 * client's, so they write no access line and are not measured. Only the answer front marks a
 * request, and only one read from the warm-up's own connections, so no client can pass for one.
 * Kept in a set and not as a property of the request: a property added to Node's request objects
 * would change their hidden class, what the warm-up is there to settle before clients come.
 */
const warmUps = new WeakSet<object>();

/**
 * A request the framework answers in process for the warm-up (relayed by the answer wire,
 * decision 0363) is made by `app.inject`, out of the front's reach: it carries this field with
 * a value drawn once per process, which no client can know and no line or answer shows.
 */
export const warmUpField = 'x-bahi-warm-up';
const warmUpValue = randomBytes(16).toString('hex');

/** The fields that mark a relayed request as the warm-up's. */
export const warmUpMark: Readonly<Record<string, string>> = Object.freeze({ [warmUpField]: warmUpValue });

/** `raw` (Node's request) is the warm-up's. */
export function markWarmUp(raw: object): void {
  warmUps.add(raw);
}

/** `raw` (Node's request, or `app.inject`'s) is the warm-up's. */
export function isWarmUp(raw: { headers?: Readonly<Record<string, unknown>> }): boolean {
  return warmUps.has(raw) || raw.headers?.[warmUpField] === warmUpValue;
}
