/**
 * An integer's decimal digits, as `String(n)` writes them, made without V8's number-to-string
 * cache (decision 0345). `String(n)` and template literals keep each text they make in that
 * cache, which lives in the old generation: a number that differs on every request (the calls a
 * key has left, the time in ms) leaves a new string there each time, which outlives the young
 * generation's collections and is promoted, only to be dropped at the next full collection.
 * `toFixed(0)` makes the same digits for any integer below 10^21 and keeps nothing.
 */
export function digits(n: number): string {
  return n.toFixed(0);
}
