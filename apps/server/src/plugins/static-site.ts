import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { acceptedEncodings } from './content-coding.ts';
import { type DocumentText, registerDocsPage } from './docs-page.ts';
import type { DocumentKeep } from './kept-documents.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};

/** Path prefixes that belong to the server, never to the site's history fallback. */
const serverPrefixes = [
  '/api/',
  '/google-auth-api/',
  '/rzp/',
  '/swagger/',
  '/support',
  '/healthz',
  '/readyz',
];

/** Precompressed siblings the web build writes next to text files, best first. */
const encodings = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/** Which of a file's precompressed siblings the client accepts, if any. */
function pickEncoding(header: string | undefined, file: string, exists: (p: string) => boolean) {
  const accepted = acceptedEncodings(header);
  return encodings.find((e) => accepted.has(e.name) && exists(file + e.ext));
}

/**
 * Serves the built site: files as they are (hashed assets cached for a year), prerendered
 * pages at /route/index.html, and the SPA shell for other client routes, each from its
 * precompressed .br/.gz sibling when the build wrote one and the client accepts it. Missing
 * assets and unknown server paths get real 404s.
 */
export function registerStaticSite(
  app: FastifyInstance,
  root: string,
  docs?: {
    path: string;
    document: DocumentText;
    keep?: DocumentKeep | null;
    /** Calls its listener when the data changes: the page is rendered again (docs-page.ts). */
    dataChanges?: (listener: () => void) => void;
  },
): void {
  // The prerender step overwrites index.html with the home page and keeps the empty shell aside.
  const shellPath = existsSync(join(root, 'spa-shell.html'))
    ? join(root, 'spa-shell.html')
    : join(root, 'index.html');
  if (!existsSync(shellPath)) {
    app.log.warn({ root }, 'web site not built: run `npm run build:web`; serving the API only');
    return;
  }
  // The docs page is rendered from the live document (plugins/docs-page.ts).
  if (docs)
    registerDocsPage(app, root, docs.path, docs.document, docs.keep ?? null, docs.dataChanges ?? null);
  const cache = new Map<string, Buffer>();
  const read = (file: string) => {
    let body = cache.get(file);
    if (!body) {
      body = readFileSync(file);
      cache.set(file, body);
    }
    return body;
  };
  const isFile = (p: string) => existsSync(p) && statSync(p).isFile();
  const isSitePath = sitePathMatcher(root);
  const notFoundPage = isFile(join(root, 'page-not-found', 'index.html'))
    ? join(root, 'page-not-found', 'index.html')
    : shellPath;
  const sendFile = (req: FastifyRequest, reply: FastifyReply, file: string) => {
    const encoding = pickEncoding(req.headers['accept-encoding'], file, isFile);
    if (isFile(file + encodings[0].ext) || isFile(file + encodings[1].ext))
      reply.header('vary', 'accept-encoding');
    if (!encoding) return reply.send(read(file));
    reply.header('content-encoding', encoding.name);
    return reply.send(read(file + encoding.ext));
  };

  app.get('/*', async (req, reply) => {
    const pathname = decodeURIComponent(req.url.split('?')[0] ?? '/');
    if (serverPrefixes.some((p) => pathname.startsWith(p))) {
      throw new AppError('not_found', `No route GET ${pathname}`);
    }
    const safe = normalize(join(root, pathname));
    if (!safe.startsWith(root + sep) && safe !== root) throw new AppError('not_found', 'Not found');
    const ext = extname(pathname);
    if (ext && isFile(safe)) {
      reply.type(types[ext] ?? 'application/octet-stream');
      reply.header(
        'cache-control',
        pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
      return sendFile(req, reply, safe);
    }
    if (ext && ext !== '.html') throw new AppError('not_found', `No file ${pathname}`);
    const page = join(safe, 'index.html');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (isFile(page)) return sendFile(req, reply, page);
    // A path the site has no route for: the not-found page, with a status that says so.
    if (!isSitePath(pathname)) return sendFile(req, reply.code(404), notFoundPage);
    return sendFile(req, reply, shellPath);
  });
}

/**
 * Whether the site has a route for a path, from the `routes.json` patterns the web build writes
 * (`/subscription/:type`); without that file every path is the site's to answer.
 */
function sitePathMatcher(root: string): (pathname: string) => boolean {
  const file = join(root, 'routes.json');
  if (!existsSync(file)) return () => true;
  const patterns = (JSON.parse(readFileSync(file, 'utf8')) as string[]).map(
    (p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')}/?$`),
  );
  return (pathname) => patterns.some((re) => re.test(pathname));
}
