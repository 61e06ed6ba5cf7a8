/**
 * The one error vocabulary of the API (SPEC §8). Every error body is RFC 9457
 * application/problem+json: { type, title, status, detail, code, request_id, param? }.
 */
export const errorCatalogue = {
  bad_request: {
    status: 400,
    title: 'Bad Request',
    meaning: 'Unacceptable request, often a missing or invalid parameter.',
  },
  unauthorized: {
    status: 401,
    title: 'Unauthorized',
    meaning: 'No valid API key or access token was provided.',
  },
  request_failed: {
    status: 402,
    title: 'Request Failed',
    meaning: 'The parameters were valid but the request failed.',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    meaning: 'The API key does not have permission for this request.',
  },
  https_required: {
    status: 403,
    title: 'HTTPS Required',
    meaning: 'The data API is served over https only.',
  },
  not_found: { status: 404, title: 'Not Found', meaning: 'The requested resource does not exist.' },
  method_not_allowed: {
    status: 405,
    title: 'Method Not Allowed',
    meaning: 'The data API answers GET (and HEAD) only; the Allow header lists the methods.',
  },
  request_timeout: {
    status: 408,
    title: 'Request Timeout',
    meaning: 'The request did not arrive in full in time; send it again.',
  },
  conflict: { status: 409, title: 'Conflict', meaning: 'The request conflicts with another request.' },
  payload_too_large: { status: 413, title: 'Payload Too Large', meaning: 'The request body is too large.' },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported Media Type',
    meaning: 'Send the body as application/json.',
  },
  request_too_large: {
    status: 431,
    title: 'Request Header Fields Too Large',
    meaning: 'The URL and headers together exceed 16 KB; send fewer or shorter parameters.',
  },
  rate_limited: {
    status: 429,
    title: 'Too Many Requests',
    meaning: 'Too many requests; retry after the time given, backing off exponentially.',
  },
  internal: {
    status: 500,
    title: 'Internal Server Error',
    meaning: 'Something went wrong on our side. These are rare.',
  },
  unavailable: {
    status: 503,
    title: 'Service Unavailable',
    meaning: 'The service is starting or overloaded; retry shortly.',
  },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  request_id: string;
  /** For 400: the offending parameter or field. */
  param?: string;
  /** For 400 on forms: every invalid field with its message. */
  errors?: { field: string; message: string }[];
}

export const problemTypeBase = '/docs/errors#';
