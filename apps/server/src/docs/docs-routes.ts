import { createHash } from 'node:crypto';
import { problemTypeBase, publicSampleKey } from '@bahi/contracts';
import { sitePaths } from '@bahi/contracts/site';
import type { FastifyInstance } from 'fastify';
import { buildFingerprint } from '../api/code-fingerprint.ts';
import { keptOf, type PreparedBody, prepareBody, preparedOf, sendPrepared } from '../api/prepared-body.ts';
import type { DocumentKeep } from '../plugins/kept-documents.ts';
import { buildLlmsTxt } from './llms-txt.ts';
import { buildPdfReference } from './pdf-reference.ts';
import { buildPostmanCollection } from './postman-collection.ts';
import type { DocumentSource, SwaggerDocument } from './swagger-document.ts';
import { registerSwaggerUi } from './swagger-ui.ts';

export interface DocsRoutesOptions {
  /** The served Swagger 2.0 document, as its JSON text. */
  document: DocumentSource;
  /** Where the Postman collection and llms.txt are kept across restarts; none when absent. */
  keep?: DocumentKeep | null;
}

/**
 * The reference tools built from the Swagger document: Postman collection, Swagger UI, the
 * PDF field reference and /llms.txt. Each is generated once per document text and kept.
 */
export async function docsRoutes(app: FastifyInstance, opts: DocsRoutesOptions): Promise<void> {
  const publicUrl = app.config.publicUrl;
  let current: { text: string; doc: SwaggerDocument; built: Map<string, Promise<unknown>> } | null = null;
  const memo = <T>(name: string, build: (doc: SwaggerDocument, text: string) => Promise<T> | T) => {
    return async (): Promise<T> => {
      const text = await opts.document();
      if (current?.text !== text) current = { text, doc: JSON.parse(text), built: new Map() };
      const entry = current;
      let value = entry.built.get(name) as Promise<T> | undefined;
      if (!value) {
        value = Promise.resolve().then(() => build(entry.doc, entry.text));
        entry.built.set(name, value);
        value.catch(() => entry.built.delete(name));
      }
      return value;
    };
  };
  /**
   * A prepared body kept across restarts (decision 0374), under what it is made from: the
   * document, the build, the public URL and the environment (the sample key).
   */
  const kept =
    (name: string, build: (doc: SwaggerDocument) => Promise<PreparedBody>) =>
    async (doc: SwaggerDocument, text: string): Promise<PreparedBody> => {
      const keep = opts.keep;
      if (!keep) return build(doc);
      let key: string | null = null;
      try {
        key = `reference ${name} ${createHash('sha256').update(text).digest('base64url')} ${buildFingerprint()} ${publicUrl} ${app.config.env}`;
        const found = await keep.read(key);
        if (found) return preparedOf(found, contentTypes[name]!);
      } catch (err) {
        app.log.warn({ err }, `the ${name} kept was not read; it is built again`);
      }
      const body = await build(doc);
      if (key !== null)
        keep
          .keep(key, `reference ${name}`, keptOf(body))
          .catch((err: unknown) =>
            app.log.warn({ err }, `the ${name} was not kept; the next start builds it again`),
          );
      return body;
    };
  const contentTypes: Record<string, string> = {
    postman: 'application/json; charset=utf-8',
    llms: 'text/plain; charset=utf-8',
  };
  // The public sample key works in the embedded default only; production collections start empty.
  const sampleKey = (doc: SwaggerDocument) =>
    doc.info['x-sample-key'] ?? (app.config.env === 'production' ? '' : publicSampleKey);
  // Built, serialized and compressed once per document (so once per data version).
  const postman = memo(
    'postman',
    kept('postman', async (doc) =>
      prepareBody(
        JSON.stringify(
          await buildPostmanCollection(doc, `${publicUrl}${doc.basePath ?? ''}`, sampleKey(doc)),
        ),
        contentTypes.postman!,
      ),
    ),
  );
  const pdf = memo('pdf', (doc) => buildPdfReference(doc, publicUrl));
  const llms = memo(
    'llms',
    kept('llms', async (doc) => prepareBody(buildLlmsTxt(doc, publicUrl), contentTypes.llms!)),
  );

  app.get('/swagger/postman.json', async (req, reply) => {
    reply
      .header('content-disposition', 'inline; filename="bahi-api.postman_collection.json"')
      .header('cache-control', 'public, max-age=300');
    return sendPrepared(req, reply, await postman());
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
  app.get('/llms.txt', async (req, reply) =>
    sendPrepared(req, reply.header('cache-control', 'public, max-age=300'), await llms()),
  );
  // Every problem body's `type` is /docs/errors#<code>: it leads to the error tables of the docs page.
  app.get(problemTypeBase.replace(/#$/, ''), async (_req, reply) =>
    reply.redirect(`${sitePaths.docs}#errors`, 301),
  );
  registerSwaggerUi(app);
}
