import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bahi API - Swagger UI</title>
<link rel="stylesheet" href="/swagger/ui/swagger-ui.css">
<link rel="icon" href="/swagger/ui/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/swagger/ui/swagger-ui-bundle.js"></script>
<script src="/swagger/ui/swagger-ui-standalone-preset.js"></script>
<script src="/swagger/ui/init.js"></script>
</body>
</html>
`;

// A file of its own, not an inline script, so the page keeps the site's script-src 'self'.
const init = `window.ui = SwaggerUIBundle({
  url: '/swagger/doc.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

/** Swagger UI from the swagger-ui-dist package, pointed at our own document. */
export function registerSwaggerUi(app: FastifyInstance): void {
  const cache = new Map<string, Buffer>();
  app.get('/swagger/ui', async (_req, reply) => reply.redirect('/swagger/ui/', 301));
  app.get('/swagger/ui/', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
  );
  app.get('/swagger/ui/init.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(init),
  );
  for (const [file, type] of Object.entries(assets)) {
    app.get(`/swagger/ui/${file}`, async (_req, reply) => {
      let body = cache.get(file);
      if (!body) {
        body = readFileSync(join(distDir, file));
        cache.set(file, body);
      }
      return reply.type(type).header('cache-control', 'public, max-age=86400').send(body);
    });
  }
}
