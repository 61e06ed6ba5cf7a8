/** The parts of a Swagger 2.0 document the reference tools read (Postman, PDF, llms.txt). */
export interface DocSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  items?: DocSchema;
  properties?: Record<string, DocSchema>;
  required?: string[];
  allOf?: DocSchema[];
  enum?: unknown[];
  example?: unknown;
}

export interface DocParameter {
  name: string;
  in: string;
  type?: string;
  required?: boolean;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  'x-example'?: unknown;
  items?: DocSchema;
  schema?: DocSchema;
}

export interface DocOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: DocParameter[];
  responses?: Record<string, { description?: string; schema?: DocSchema }>;
}

export interface SwaggerDocument {
  swagger: string;
  info: { title?: string; version?: string; description?: string; 'x-sample-key'?: string };
  host?: string;
  basePath?: string;
  schemes?: string[];
  paths: Record<string, Record<string, DocOperation>>;
  definitions?: Record<string, DocSchema>;
}

/** Where the reference tools get the document from: the JSON text the data API serves. */
export type DocumentSource = () => Promise<string>;

export interface ListedOperation {
  method: string;
  path: string;
  operation: DocOperation;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, in document order. */
export function listOperations(doc: SwaggerDocument): ListedOperation[] {
  const out: ListedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (operation) out.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return out;
}

/** `token` is optional only when the key goes in an Authorization header instead. */
export function requirement(p: { name: string; in: string; required?: boolean }): string {
  if (p.name === 'token' && p.in === 'query') return 'required unless Authorization: Bearer is sent';
  return p.required ? 'required' : 'optional';
}

export interface FieldRow {
  name: string;
  type: string;
  description: string;
}

/** Flattens a response schema into dotted field names (items of arrays as name[]). */
export function flattenFields(
  schema: DocSchema | undefined,
  definitions: Record<string, DocSchema> = {},
  prefix = '',
  depth = 0,
): FieldRow[] {
  if (!schema || depth > 10) return [];
  if (schema.$ref) {
    return flattenFields(
      definitions[schema.$ref.replace('#/definitions/', '')],
      definitions,
      prefix,
      depth + 1,
    );
  }
  if (schema.allOf) return schema.allOf.flatMap((s) => flattenFields(s, definitions, prefix, depth + 1));
  const type = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null').join('|') : schema.type;
  if (type === 'array' || schema.items) {
    const rows = prefix ? [{ name: prefix, type: 'array', description: schema.description ?? '' }] : [];
    return [...rows, ...flattenFields(schema.items, definitions, `${prefix}[]`, depth + 1)];
  }
  if (schema.properties) {
    const rows = prefix ? [{ name: prefix, type: 'object', description: schema.description ?? '' }] : [];
    for (const [key, prop] of Object.entries(schema.properties)) {
      rows.push(...flattenFields(prop, definitions, prefix ? `${prefix}.${key}` : key, depth + 1));
    }
    return rows;
  }
  if (!prefix) return [];
  const typeName = schema.format ? `${type ?? 'any'} (${schema.format})` : (type ?? 'any');
  return [{ name: prefix, type: typeName, description: schema.description ?? '' }];
}
