import { type TSchema, Type } from 'typebox';

/** A string enum that converts to `enum` in both documents (a union of literals would not). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  opts: { description?: string; default?: T[number] } = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...opts });
}

export const IsoDate = (description: string) =>
  Type.String({ format: 'date', description: `${description} (ISO date YYYY-MM-DD)` });
export const Num = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });
export const NumOrNull = Num;
export const Str = (description: string) => Type.String({ description });
export const StrOrNull = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

export const SymbolParam = Type.Object({
  symbol: Type.String({
    pattern: '^[A-Za-z0-9&._-]{1,20}$',
    description: 'NSE symbol, case-insensitive; a former symbol resolves to the company',
  }),
});

export const Meta = Type.Object(
  {
    asOf: IsoDate('Date of the most recent fact in this response'),
    source: Str('Where the data comes from (exchange file, filing or the labelled sample generator)'),
    dataVersion: Type.Integer({ description: 'Version of the data set; changes when data is loaded' }),
  },
  { description: 'Provenance of the response' },
);

/** Every 200 body: the data plus its provenance. */
export function Envelope(data: TSchema) {
  return Type.Object({ data, meta: Meta });
}

export const Problem = Type.Object(
  {
    type: Str('URI reference identifying the problem type'),
    title: Str('Short summary of the problem type'),
    status: Type.Integer({ description: 'HTTP status code' }),
    detail: Str('Explanation of this occurrence'),
    code: Str('Stable machine-readable error code'),
    request_id: Str('Identifier of the request; quote it to support'),
    param: Type.Optional(Str('For 400: the offending parameter')),
  },
  { description: 'RFC 9457 problem details (application/problem+json)' },
);

export const errorResponses = {
  400: { ...Problem, description: 'Missing or invalid parameter (param names it)' },
  401: { ...Problem, description: 'No valid API key' },
  402: { ...Problem, description: 'Valid parameters, but no data can be produced' },
  403: { ...Problem, description: 'The key’s plan does not allow this request, or plain HTTP was used' },
  404: { ...Problem, description: 'Unknown symbol or code' },
  429: { ...Problem, description: 'Rate limit exceeded; see Retry-After' },
  500: { ...Problem, description: 'Server error; details hidden' },
};
