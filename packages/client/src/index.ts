export {
  apiBasePath,
  BahiClient,
  type BahiClientOptions,
  type Body,
  type Data,
  type DataPath,
  operations,
} from './client.ts';
export { BahiError, type ProblemBody, retryAfterSeconds } from './errors.ts';
export type { components, operations as operationTypes, paths } from './generated/api-types.ts';
export {
  type Arguments,
  inputSchemaOf,
  type OpenApiDocument,
  type Operation,
  type OperationParameter,
  operationsFromDocument,
  requestPath,
  snakeCase,
} from './operations.ts';
export { bahiFetch, type TransportOptions } from './transport.ts';
