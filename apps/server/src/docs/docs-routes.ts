import type { FastifyInstance } from 'fastify';
import { buildLlmsTxt } from './llms-txt.ts';
import { buildPdfReference } from './pdf-reference.ts';
import { buildPostmanCollection } from './postman-collection.ts';
import type { DocumentSource, SwaggerDocument } from './swagger-document.ts';
import { registerSwaggerUi } from './swagger-ui.ts';

export interface DocsRoutesOptions {
  document: DocumentSource;
  /** Serve the document at /swagger/doc.json here (only while the data API does not). */
  serveDocument?: boolean;
}

/**
 * The reference tools built from the Swagger document: Postman collection, Swagger UI, the
 * PDF field reference and /llms.txt. Each is generated once per document and kept.
 */
export async function docsRoutes(app: FastifyInstance, opts: DocsRoutesOptions): Promise<void> {
  const publicUrl = app.config.publicUrl;
  const memo = <T>(build: (doc: SwaggerDocument) => Promise<T> | T) => {
    const cache = new WeakMap<SwaggerDocument, Promise<T>>();
    return async () => {
      const doc = await opts.document();
      let value = cache.get(doc);
      if (!value) {
        value = Promise.resolve(build(doc));
        cache.set(doc, value);
        value.catch(() => cache.delete(doc));
      }
      return value;
    };
  };
  const postman = memo((doc) => buildPostmanCollection(doc, `${publicUrl}${doc.basePath ?? ''}`));
  const pdf = memo((doc) => buildPdfReference(doc, publicUrl));
  const llms = memo((doc) => buildLlmsTxt(doc, publicUrl));

  if (opts.serveDocument) {
    app.get('/swagger/doc.json', async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return opts.document();
    });
  }
  app.get('/swagger/postman.json', async (_req, reply) => {
    reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', 'inline; filename="bahi-api.postman_collection.json"')
      .header('cache-control', 'public, max-age=300');
    return postman();
  });
  app.get('/swagger/reference.pdf', async (_req, reply) => {
    return (
      reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="bahi-api-field-reference.pdf"')
        .header('cache-control', 'public, max-age=300')
        // The docs page shows the guide in a frame of its own origin.
        .header('x-frame-options', 'SAMEORIGIN')
        .header('content-security-policy', "frame-ancestors 'self'")
        .send(await pdf())
    );
  });
  app.get('/llms.txt', async (_req, reply) => {
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await llms());
  });
  registerSwaggerUi(app);
}
