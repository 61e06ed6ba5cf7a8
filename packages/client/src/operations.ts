/**
 * The data API's operations as a plain table, read from its OpenAPI 3.1 document: what the MCP
 * tools, the Python client and the generic calls of this client are made from. The table is
 * generated (`npm run client:generate`) into `generated/operations.json`, so it never differs
 * from the served document.
 */

export type JsonSchema = Record<string, unknown>;

export interface OperationParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  /** operationId in snake_case: the MCP tool's and the Python method's name. */
  name: string;
  tag: string;
  summary: string;
  description: string;
  /** Path under the API base URL, OpenAPI style (`/financials/{symbol}`). */
  path: string;
  /** Path and query parameters, without the API key (`token`) and the CSV switch (`format`). */
  parameters: OperationParameter[];
}

interface DocumentParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiDocument {
  paths?: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        summary?: string;
        description?: string;
        tags?: string[];
        parameters?: unknown[];
      }
    >
  >;
}

/** Parameters every operation takes that the clients handle themselves. */
const handledByClients = new Set(['token', 'format']);

export function snakeCase(operationId: string): string {
  return operationId.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Every GET operation of the document, in document order; path parameters first. */
export function operationsFromDocument(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const op = item.get;
    if (!op?.operationId) continue;
    const params = ((op.parameters ?? []) as DocumentParameter[])
      .filter((p) => (p.in === 'path' || p.in === 'query') && !handledByClients.has(p.name))
      .map(
        (p): OperationParameter => ({
          name: p.name,
          in: p.in as 'path' | 'query',
          required: p.in === 'path' || p.required === true,
          ...(p.description ? { description: p.description } : {}),
          schema: withoutExamples(p.schema ?? { type: 'string' }),
        }),
      );
    // Path parameters in the order the path names them, then the query.
    const order = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const pathParams = order
      .map((n) => params.find((p) => p.in === 'path' && p.name === n))
      .filter((p): p is OperationParameter => p !== undefined);
    out.push({
      operationId: op.operationId,
      name: snakeCase(op.operationId),
      tag: op.tags?.[0] ?? 'Other',
      summary: op.summary ?? op.operationId,
      description: op.description ?? '',
      path,
      parameters: [...pathParams, ...params.filter((p) => p.in === 'query')],
    });
  }
  return out;
}

function withoutExamples(schema: JsonSchema): JsonSchema {
  const { example: _e, examples: _x, ...rest } = schema;
  return rest;
}

/** The operation's input as one JSON Schema object (an MCP tool's `inputSchema`). */
export function inputSchemaOf(op: Operation): {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required: string[];
  additionalProperties: false;
} {
  const properties: Record<string, JsonSchema> = {};
  for (const p of op.parameters) {
    properties[p.name] = { ...p.schema, ...(p.description ? { description: p.description } : {}) };
  }
  return {
    type: 'object',
    properties,
    required: op.parameters.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

export type Arguments = Record<string, unknown>;

/**
 * The request path and query string for a call, from named arguments: path parameters fill the
 * path (escaped), arrays repeat their query parameter. The key and the format are the client's
 * own (never arguments); other unknown names are passed on, so the API answers them as it
 * answers any other caller.
 */
export function requestPath(op: Operation, args: Arguments): string {
  const used = new Set<string>();
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    used.add(name);
    const value = args[name];
    return encodeURIComponent(value === undefined || value === null ? '' : String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (used.has(name) || handledByClients.has(name) || value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) query.append(name, String(v));
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}
