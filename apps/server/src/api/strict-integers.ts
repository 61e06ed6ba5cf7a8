import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

interface IntegerParam {
  name: string;
  negative: boolean;
}

/**
 * The integer properties of a query or path schema. A leading minus is allowed only where the
 * schema admits negative values (no minimum, or a negative one).
 */
export function integerParams(schema: unknown): IntegerParam[] {
  const props = (schema as { properties?: Record<string, { type?: unknown; minimum?: number }> })?.properties;
  if (!props) return [];
  return Object.entries(props)
    .filter(([, p]) => p.type === 'integer')
    .map(([name, p]) => ({ name, negative: p.minimum === undefined || p.minimum < 0 }));
}

const digits = /^\d{1,15}$/;
const signedDigits = /^-?\d{1,15}$/;

/**
 * A preValidation check of integer parameters as sent: plain decimal digits only (and a minus
 * where negatives make sense). Ajv's coercion would otherwise take `Infinity`, `1e309`, `0x7E8`,
 * `0b101`, `1e1` or '' as numbers; each is a 400 naming the parameter instead.
 */
export function strictIntegers(parts: { query?: unknown; params?: unknown }) {
  const checks = [
    ...integerParams(parts.query).map((p) => ({ ...p, part: 'query' as const })),
    ...integerParams(parts.params).map((p) => ({ ...p, part: 'params' as const })),
  ];
  if (checks.length === 0) return undefined;
  return async (req: FastifyRequest): Promise<void> => {
    for (const c of checks) {
      const raw = (req[c.part] as Record<string, unknown> | undefined)?.[c.name];
      if (raw === undefined) continue;
      const values = Array.isArray(raw) ? raw : [raw];
      const pattern = c.negative ? signedDigits : digits;
      if (values.every((v) => typeof v === 'string' && pattern.test(v))) continue;
      throw new AppError(
        'bad_request',
        `The ${c.name} parameter must be a whole number written in decimal digits${
          c.negative ? ' (a leading - for negatives)' : ''
        }.`,
        { param: c.name },
      );
    }
  };
}
