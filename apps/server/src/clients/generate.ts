import { type OpenApiDocument, operationsFromDocument } from '@bahi/client';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';

/**
 * The clock the clients are generated at: live answers (the data status) appear in the document's
 * examples as of this instant, so the generated files depend on the code alone, not on the day.
 */
export const generationClock = () => new Date('2026-01-05T12:00:00Z');

/** Where the generated client files live, from the repository root. */
export const generatedFiles = {
  types: 'packages/client/src/generated/api-types.ts',
  operations: 'packages/client/src/generated/operations.json',
  pythonOperations: 'clients/python/bahi/generated/operations.json',
} as const;

const notice = 'Generated from the served /openapi.json by `npm run client:generate`; do not edit.';

/**
 * The clients' generated files from the document the app serves: the TypeScript types
 * (openapi-typescript) and the operations table the MCP tools, the TypeScript client's generic
 * calls and the Python client are driven by.
 */
export async function generateClientFiles(app: FastifyInstance): Promise<Record<string, string>> {
  const res = await app.inject('/openapi.json');
  if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}`);
  const doc = JSON.parse(res.body) as OpenApiDocument;
  const types = astToString(await openapiTS(structuredClone(doc) as never, { alphabetize: false }));
  const table = `${JSON.stringify(operationsFromDocument(doc), null, 2)}\n`;
  return {
    [generatedFiles.types]: `// ${notice}\n\n${types}`,
    [generatedFiles.operations]: table,
    [generatedFiles.pythonOperations]: table,
  };
}
