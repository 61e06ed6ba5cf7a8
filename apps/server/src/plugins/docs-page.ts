import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Coding, codings, compressOnce, preferredCoding } from './content-coding.ts';

/** Where the served Swagger document comes from: its JSON text. */
export type DocumentText = () => Promise<string>;

interface RenderedPage {
  text: string;
  html: Buffer;
  coded: Map<Coding, Promise<Buffer>>;
}

/**
 * The docs page with its whole reference as HTML (decision 0853). The web build leaves its SSR
 * bundle in `dist-ssr` beside the site, with `renderDocs(documentText)` and the page's template
 * (`docs-page.html`, head tags and styles in place, `<!--app-->` where the markup goes). The
 * page is rendered from the document this server serves, once per document text (the document
 * changes when the data does), and compressed once per coding as soon as it is rendered, at the
 * strongest settings, like the documents (`compressOnce`). Without the SSR build, or when
 * rendering fails, the template goes out with an empty root and the browser renders the page.
 * Returns false when the build has no template (the site's own fallback then answers the path).
 */
export function registerDocsPage(
  app: FastifyInstance,
  siteRoot: string,
  path: string,
  document: DocumentText,
): boolean {
  const ssrDir = join(dirname(siteRoot), 'dist-ssr');
  const templateFile = join(ssrDir, 'docs-page.html');
  const rendererFile = join(ssrDir, 'entry-server.js');
  if (!existsSync(templateFile)) return false;
  const template = readFileSync(templateFile, 'utf8');
  /** The page for a document text, its compressed copies started. */
  const pageOf = (text: string, markup: string): RenderedPage => {
    const html = Buffer.from(template.replace('<!--app-->', () => markup));
    const coded = new Map<Coding, Promise<Buffer>>();
    for (const coding of codings) {
      const body = compressOnce(html, coding);
      body.catch(() => {}); // a failure reaches the request that awaits it
      coded.set(coding, body);
    }
    return { text, html, coded };
  };
  const fallback = pageOf('', '');
  let latest: { text: string; page: Promise<RenderedPage> } | null = null;

  const renderPage = async (text: string): Promise<RenderedPage> => {
    try {
      const { renderDocs } = (await import(pathToFileURL(rendererFile).href)) as {
        renderDocs: (documentText: string) => Promise<string>;
      };
      return pageOf(text, await renderDocs(text));
    } catch (err) {
      app.log.warn({ err }, 'docs page: rendering the reference failed; the browser will render it');
      return fallback;
    }
  };
  // One render per document text, shared by whoever asks while it runs.
  const page = async (): Promise<RenderedPage> => {
    let text: string;
    try {
      text = await document();
    } catch {
      return fallback;
    }
    if (latest?.text !== text) latest = { text, page: renderPage(text) };
    return latest.page;
  };

  const send = async (req: FastifyRequest, reply: FastifyReply) => {
    const rendered = await page();
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    const coding = preferredCoding(req.headers['accept-encoding']);
    if (!coding) return reply.send(rendered.html);
    return reply.header('content-encoding', coding).send(await rendered.coded.get(coding)!);
  };
  app.get(path, send);
  app.get(`${path}/`, send);
  // Render at start, so the first visitor does not wait for it.
  app.addHook('onListen', async () => {
    void page();
  });
  return true;
}
