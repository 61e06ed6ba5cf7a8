import { type ErrorCode, errorCatalogue, type Problem, problemTypeBase } from '@bahi/contracts';

/** An error the API answers with as problem+json; anything else becomes a hidden 500. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly param?: string;
  readonly errors?: { field: string; message: string }[];
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    detail: string,
    extra: {
      param?: string;
      errors?: { field: string; message: string }[];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(detail);
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.param = extra.param;
    this.errors = extra.errors;
    this.headers = extra.headers;
  }
}

export function problem(
  code: ErrorCode,
  detail: string,
  requestId: string,
  extra: Pick<Problem, 'param' | 'errors'> = {},
): Problem {
  const entry = errorCatalogue[code];
  return {
    type: `${problemTypeBase}${code}`,
    title: entry.title,
    status: entry.status,
    detail,
    code,
    request_id: requestId,
    ...(extra.param !== undefined ? { param: extra.param } : {}),
    ...(extra.errors !== undefined ? { errors: extra.errors } : {}),
  };
}
