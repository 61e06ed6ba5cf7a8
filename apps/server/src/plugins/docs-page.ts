import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { digestOfFiles } from '../api/code-fingerprint.ts';
import { type Coding, codings, compressOnce, preferredCoding } from './content-coding.ts';
import type { DocumentKeep } from './kept-documents.ts';

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
 * With a keep, a rendered page is kept under its document and the SSR build (decision 0374), and
 * a restart serving the same document reads it back instead of rendering it again.
 * Returns false when the build has no template (the site's own fallback then answers the path).
 */
export function registerDocsPage(
  app: FastifyInstance,
  siteRoot: string,
  path: string,
  document: DocumentText,
  keep: DocumentKeep | null = null,
  /** Calls its listener when the data changes (a load): the document's examples change with it. */
  dataChanges: ((listener: () => void) => void) | null = null,
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
  // What a page is made from besides its document: the SSR build (template, renderer, chunks).
  let ssrBuild: string | null = null;
  const keyOf = (text: string) => {
    ssrBuild ??= digestOfFiles(ssrDir);
    return `docs-page ${createHash('sha256').update(text).digest('base64url')} ${ssrBuild}`;
  };

  const readKept = async (text: string): Promise<RenderedPage | null> => {
    if (!keep) return null;
    try {
      const kept = await keep.read(keyOf(text));
      if (!kept) return null;
      const coded = new Map<Coding, Promise<Buffer>>([
        ['br', Promise.resolve(kept.br)],
        ['gzip', Promise.resolve(kept.gzip)],
      ]);
      return { text, html: kept.plain, coded };
    } catch (err) {
      app.log.warn({ err }, 'docs page: the page kept was not read; it is rendered again');
      return null;
    }
  };
  /** Keeps a rendered page once its compressed copies are made. */
  const keepPage = async (page: RenderedPage) => {
    if (!keep) return;
    try {
      const [br, gzip] = await Promise.all([page.coded.get('br')!, page.coded.get('gzip')!]);
      const tag = createHash('sha256').update(page.html).digest('base64url').slice(0, 27);
      await keep.keep(keyOf(page.text), 'docs-page', { tag, plain: page.html, br, gzip });
    } catch (err) {
      app.log.warn({ err }, 'docs page: the page was not kept; the next start renders it again');
    }
  };

  const renderPage = async (text: string): Promise<RenderedPage> => {
    const kept = await readKept(text);
    if (kept) return kept;
    try {
      const { renderDocs } = (await import(pathToFileURL(rendererFile).href)) as {
        renderDocs: (documentText: string) => Promise<string>;
      };
      const page = pageOf(text, await renderDocs(text));
      void keepPage(page);
      return page;
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
  // Render at start, so the first visitor does not wait for it; and again as soon as a data load
  // lands, not when the next visitor asks (about 3.5 s for that visitor before).
  let listening = false;
  app.addHook('onListen', async () => {
    listening = true;
    void page();
  });
  dataChanges?.(() => {
    if (listening) void page();
  });
  return true;
}
