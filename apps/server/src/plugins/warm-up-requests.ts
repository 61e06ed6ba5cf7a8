/**
 * Requests the process's own warm-up sends through the framework (decision 0362): not a
 * client's, so they write no access line and are not measured. Only the answer front marks a
 * request, and only one read from the warm-up's own connections, so no client can pass for one.
 * Kept in a set and not as a property of the request: a property added to Node's request objects
 * would change their hidden class, what the warm-up is there to settle before clients come.
 */
const warmUps = new WeakSet<object>();

/** `raw` (Node's request) is the warm-up's. */
export function markWarmUp(raw: object): void {
  warmUps.add(raw);
}

export function isWarmUp(raw: object): boolean {
  return warmUps.has(raw);
}
