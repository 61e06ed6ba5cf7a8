import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { tagList } from '../api/endpoint.ts';

export const apiBasePath = '/api/v1';

const info = {
  title: 'Bahi financial data API',
  version: '1.0',
  description:
    'End-of-day financial data on companies listed on the NSE and BSE: company master, financial statements, ratios, quotes, shareholding, corporate actions, commodities and exchange holidays. Every request needs an API key (query parameter `token`, or `Authorization: Bearer <key>`) and HTTPS. Errors are RFC 9457 application/problem+json bodies with a stable `code`.',
};

// Every data operation requires one of the two (its security lists both as alternatives).
const keyInQuery =
  'Your API key in the `token` query parameter. One of this or Authorization: Bearer is required.';
const keyAsBearer =
  'Your API key in an `Authorization: Bearer <key>` header. One of this or the `token` query parameter is required.';

/**
 * Registers @fastify/swagger twice over the same routes: OpenAPI 3.1 (`app.swagger()`) and
 * Swagger 2.0 (`app.swagger2()`). Must run before the routes are added.
 */
export async function registerSwagger(app: FastifyInstance, publicUrl: string): Promise<void> {
  const tags = tagList.map((t) => ({ name: t.name, description: t.description }));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info,
      servers: [{ url: `${publicUrl}${apiBasePath}` }],
      tags,
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'query', name: 'token', description: keyInQuery },
          bearer: { type: 'http', scheme: 'bearer', description: keyAsBearer },
        },
      },
    },
    hideUntagged: true,
  });
  await app.register(swagger, {
    swagger: {
      info,
      host: new URL(publicUrl).host,
      basePath: apiBasePath,
      schemes: [new URL(publicUrl).protocol.replace(':', '')],
      consumes: ['application/json'],
      produces: ['application/json'],
      tags,
      securityDefinitions: {
        token: { type: 'apiKey', in: 'query', name: 'token', description: keyInQuery },
        bearer: { type: 'apiKey', in: 'header', name: 'Authorization', description: keyAsBearer },
      },
    },
    decorator: 'swagger2',
    hideUntagged: true,
  });
}
