import { buildExample } from './schema-example.ts';
import type { Operation, Schema } from './swagger.ts';

export const noResponsesMessage = 'No responses defined';
export const noJsonExampleMessage = 'No JSON example available for this endpoint';

export type SampleResponse =
  | { kind: 'json'; status: string; source: 'example' | 'schema'; value: unknown }
  | { kind: 'message'; status?: string; message: string };

/**
 * The sample shown beside an endpoint: its first 2xx response, with the JSON example when
 * the document has one, otherwise an example built from the response schema.
 */
export function sampleResponse(
  operation: Operation,
  definitions: Record<string, Schema> = {},
): SampleResponse {
  const responses = operation.responses ?? {};
  const status = Object.keys(responses)
    .filter((code) => /^2\d\d$/.test(code))
    .sort()[0];
  if (!status) return { kind: 'message', message: noResponsesMessage };
  const response = responses[status]!;
  const examples = response.examples ?? {};
  const jsonType = Object.keys(examples).find((type) => /json/i.test(type));
  if (jsonType) return { kind: 'json', status, source: 'example', value: examples[jsonType] };
  if (response.schema) {
    return { kind: 'json', status, source: 'schema', value: buildExample(response.schema, definitions) };
  }
  return { kind: 'message', status, message: noJsonExampleMessage };
}
