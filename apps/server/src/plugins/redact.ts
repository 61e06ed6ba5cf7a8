/**
 * Secrets never reach a log line: anything shaped like a key, a token or a signature is replaced,
 * in a URL (path segments, query names and values, percent-encoded or not, whatever the
 * parameter is called), in header values and in free text such as error messages.
 */

export const redacted = 'REDACTED';

/** API keys and refresh tokens (`bahi_…`), JWTs, and any long base64url or hex run with digits. */
const keyShapes = [
  /bahi_[0-9A-Za-z_-]{16,}/g,
  /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g,
  /(?<![0-9A-Za-z_-])(?=[0-9A-Za-z_-]*\d)(?=[0-9A-Za-z_-]*[A-Za-z])[0-9A-Za-z_-]{32,}(?![0-9A-Za-z_-])/g,
];
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parameter and header names whose values are secrets whatever they look like. */
const secretName = /token|key|secret|signature|password|passwd|auth|session|cookie|credential/i;

function decode(s: string): string {
  let out = s.replace(/\+/g, ' ');
  // Twice, so a doubly encoded key (%255F) is seen too; malformed escapes are kept as they are.
  for (let i = 0; i < 2; i++) {
    try {
      const next = decodeURIComponent(out);
      if (next === out) break;
      out = next;
    } catch {
      break;
    }
  }
  return out;
}

function hasKeyShape(s: string): boolean {
  return keyShapes.some((re) => {
    re.lastIndex = 0;
    for (let m = re.exec(s); m; m = re.exec(s)) if (!uuid.test(m[0])) return true;
    return false;
  });
}

/** Free text with every key-shaped run replaced. */
export function redactText(text: string): string {
  let out = text;
  for (const re of keyShapes) out = out.replace(re, (m) => (uuid.test(m) ? m : redacted));
  return out;
}

/**
 * A URL (path and query, as received) for a log line: a path segment or query parameter that is
 * key-shaped once decoded becomes REDACTED, and so does the value of any parameter whose name
 * suggests a secret (`token`, `tokens`, `TOKEN`, `token[]`, `token%5B%5D`, `api_key`…).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const redactedPath = path
    .split('/')
    .map((seg) => (hasKeyShape(decode(seg)) ? redacted : seg))
    .join('/');
  if (q < 0) return redactedPath;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq < 0 ? part : part.slice(0, eq);
      const name = decode(rawName);
      if (hasKeyShape(name)) return redacted;
      if (eq < 0) return part;
      const value = part.slice(eq + 1);
      return secretName.test(name) || hasKeyShape(decode(value)) ? `${rawName}=${redacted}` : part;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

/** A header value for a log line: secret headers entirely, others where a value is key-shaped. */
export function redactHeader(
  name: string,
  value: string | string[] | undefined,
): string | string[] | undefined {
  if (value === undefined) return value;
  if (Array.isArray(value)) return value.map((v) => redactHeader(name, v) as string);
  if (secretName.test(name)) return redacted;
  if (/^(referer|origin|location|content-location)$/i.test(name)) return redactUrlLike(value);
  return hasKeyShape(decode(value)) ? redactText(decode(value)) : value;
}

/** Every header of a request or response, redacted for a log line. */
export function redactHeaders(
  headers: Record<string, string | string[] | number | undefined>,
): Record<string, string | string[] | number | undefined> {
  const out: Record<string, string | string[] | number | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = typeof value === 'number' ? value : redactHeader(name, value);
  }
  return out;
}

function redactUrlLike(value: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)?(.*)$/i.exec(value);
  return `${m?.[1] ?? ''}${redactUrl(m?.[2] ?? '')}`;
}

/** The logger's error serializer: type, message, code and stack, with key-shaped text removed. */
export function redactError(err: Error & { code?: unknown; statusCode?: unknown }): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  return {
    type: err.constructor?.name ?? 'Error',
    message: redactText(String(err.message ?? '')),
    stack: redactText(String(err.stack ?? '')),
    ...(err.code !== undefined ? { code: err.code } : {}),
    ...(err.statusCode !== undefined ? { statusCode: err.statusCode } : {}),
  };
}
