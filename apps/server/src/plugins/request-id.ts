import { randomUUID } from 'node:crypto';

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/** The request's id: the caller's X-Request-Id when it is a plain token of 8-64 characters, else a new UUID. */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}
