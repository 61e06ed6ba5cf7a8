import type { Schema } from './swagger.ts';

/** SPEC §9: how deep the example builder follows nested schemas. */
export const exampleDepthLimit = 10;
export const sampleInteger = 123;
export const sampleNumber = 123.45;

const sampleStrings: Record<string, string> = {
  date: '2024-03-31',
  'date-time': '2024-03-31T15:30:00Z',
  email: 'user@example.com',
  uri: 'https://example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
};

/**
 * Builds an example value from a JSON schema: examples, defaults and enums win; otherwise
 * integers are 123 (or the minimum), numbers 123.45, strings by format. Past the depth limit
 * (and on reference cycles) the builder stops with null.
 */
export function buildExample(
  schema: Schema | undefined,
  definitions: Record<string, Schema> = {},
  depth = 0,
): unknown {
  if (!schema || depth > exampleDepthLimit) return null;
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/definitions\//, '');
    return buildExample(definitions[name], definitions, depth + 1);
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.allOf) {
    const parts = schema.allOf.map((s) => buildExample(s, definitions, depth + 1));
    return Object.assign({}, ...parts.filter((p) => p && typeof p === 'object'));
  }
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) return buildExample(variant, definitions, depth + 1);

  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined)) {
    case 'integer':
      return schema.minimum ?? sampleInteger;
    case 'number': {
      if (schema.minimum !== undefined && sampleNumber < schema.minimum) return schema.minimum;
      if (schema.maximum !== undefined && sampleNumber > schema.maximum) return schema.maximum;
      return sampleNumber;
    }
    case 'boolean':
      return true;
    case 'string':
      return sampleStrings[schema.format ?? ''] ?? 'string';
    case 'array': {
      const item = buildExample(schema.items, definitions, depth + 1);
      return item === null && depth + 1 > exampleDepthLimit ? [] : [item];
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth + 1 > exampleDepthLimit) return out;
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        out[key] = buildExample(prop, definitions, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}
