import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppRoute } from '../../shared/routes.js';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * `index.html` for every path that is not a file. Known screens answer 200, other paths 404 with
 * the same page, whose router shows the not-found screen.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (!hasClient) app.log.warn({ clientDir }, 'web app not built: run `npm run build` (API only)');
  else {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      cacheControl: false, // set per file below
      setHeaders(res, filePath) {
        const rel = path.relative(clientDir, filePath);
        res.setHeader('Cache-Control', rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || !hasClient || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ code: 'not_found', message: `No route for ${req.method} ${url}` });
    }
    return reply
      .status(isAppRoute(url) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .sendFile('index.html', clientDir, { cacheControl: false });
  });
}
