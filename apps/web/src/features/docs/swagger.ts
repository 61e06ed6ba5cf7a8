/** The parts of a Swagger 2.0 document the documentation page reads. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  example?: unknown;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'body' | 'formData';
  type?: string;
  format?: string;
  required?: boolean;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  items?: Schema;
  collectionFormat?: string;
  minimum?: number;
  maximum?: number;
  'x-example'?: unknown;
  schema?: Schema;
}

export interface Response {
  description?: string;
  schema?: Schema;
  examples?: Record<string, unknown>;
  headers?: Record<string, { type?: string; description?: string }>;
}

export interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: Parameter[];
  responses?: Record<string, Response>;
  produces?: string[];
}

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type PathItem = Partial<Record<HttpMethod, Operation>> & { parameters?: Parameter[] };

export interface SwaggerDocument {
  swagger: string;
  info: { title?: string; version?: string; description?: string; 'x-sample-key'?: string };
  host?: string;
  basePath?: string;
  schemes?: string[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, PathItem>;
  definitions?: Record<string, Schema>;
}

/** True when a fetched body looks like a usable Swagger 2.0 document. */
export function isSwaggerDocument(value: unknown): value is SwaggerDocument {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<SwaggerDocument>;
  return typeof v.swagger === 'string' && !!v.paths && typeof v.paths === 'object';
}
