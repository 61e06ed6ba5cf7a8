/** An RFC 9457 problem+json body as the Bahi API sends it. */
export interface ProblemBody {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  request_id?: string;
  param?: string;
}

/** A refused or failed API call: the problem's status, code, detail and request id. */
export class BahiError extends Error {
  override name = 'BahiError';
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly requestId: string | null;
  readonly param: string | null;
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    code: string,
    detail: string,
    extra: { requestId?: string | null; param?: string | null; retryAfter?: number | null } = {},
  ) {
    super(`${code} (${status}): ${detail}`);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.requestId = extra.requestId ?? null;
    this.param = extra.param ?? null;
    this.retryAfter = extra.retryAfter ?? null;
  }

  /** From a response and its body (a problem, or anything else a proxy in between may send). */
  static from(response: Response, body: unknown): BahiError {
    const p = (body && typeof body === 'object' ? body : {}) as ProblemBody;
    const text = typeof body === 'string' ? body.trim().slice(0, 200) : '';
    return new BahiError(
      response.status,
      p.code ?? `http_${response.status}`,
      p.detail ?? (text || response.statusText || `HTTP ${response.status}`),
      {
        requestId: p.request_id ?? response.headers.get('x-request-id'),
        param: p.param ?? null,
        retryAfter: retryAfterSeconds(response.headers.get('retry-after')),
      },
    );
  }
}

/** Retry-After as seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  if (Number.isFinite(n)) return Math.max(0, n);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}
