import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INLINE_SESSION_ID, jsonForHtml } from '../../../shared/platform/page-data.js';
import { routePattern } from '../../../shared/platform/routes.js';
import type { Me } from '../../../shared/auth/session.js';
import { etagOf } from './read-cache.js';
import { pagePreloads, screenPreloads, type PosterOf } from './page-preloads.js';
import { pageMetaFor, withHead } from './page-meta.js';

/** What the pages need from the features, given by the app (the platform imports no feature). */
export interface SpaHooks {
  /** The `GET /api/me` answer for this request (auth). */
  sessionOf(req: FastifyRequest): Promise<Me>;
  /** A page's largest picture (videos). */
  posterOf: PosterOf;
}

/**
 * Serves the built web app: compressed at build time, hashed assets cached for a year, everything
 * else revalidated, and `index.html` for every path that is not a file. Known screens answer 200, other paths 404 with
 * the same page, whose router shows the not-found screen.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string, { sessionOf, posterOf }: SpaHooks): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (!hasClient) app.log.warn({ clientDir }, 'web app not built: run `npm run build` (API only)');
  else {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      // The build writes a Brotli and a gzip copy beside each text file (scripts/precompress.ts):
      // sent as they are to browsers that accept them, the file itself to the others.
      preCompressed: true,
      cacheControl: false, // set per file below
      setHeaders(res, filePath) {
        const rel = path.relative(clientDir, filePath);
        res.setHeader('Cache-Control', rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      },
    });
  }

  // The page is read once: a build replaces the whole folder, and a server serves one build. A page
  // written for a signed-in person is made (and compressed, quickly) per request.
  const html = hasClient ? fs.readFileSync(indexFile, 'utf8') : '';
  const screenFiles = screenPreloads(clientDir, app.log);
  const accepts = (acceptEncoding: string | undefined) =>
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.trim().toLowerCase());
  const encodingFor = (acceptEncoding: string | undefined) => (['br', 'gzip'] as const).find((e) => accepts(acceptEncoding).includes(e));
  const encode = (encoding: 'br' | 'gzip', body: Buffer, fast: boolean) =>
    encoding === 'br'
      ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11 } })
      : zlib.gzipSync(body, { level: fast ? 6 : 9 });
  const pageOf = (body: Buffer, encoding: 'br' | 'gzip' | undefined, fast: boolean) => {
    const sent = encoding ? encode(encoding, body, fast) : body;
    return { encoding, body: sent, tag: etagOf(sent) };
  };
  /** One page in each encoding a browser may take. */
  const pagesOf = (body: Buffer) => new Map((['br', 'gzip', undefined] as const).map((e) => [e, pageOf(body, e, true)]));

  // Each page is named in its head (title, description, a link preview's card: page-meta.ts). A
  // guest's page for one head is made once and kept (a few hundred at most, then made again).
  // A page that knows who is there: the `GET /api/me` answer written into it, so the web app
  // draws the right header (and screen) in its first frame instead of drawing it again when that
  // answer arrives. A guest's page is the same for everyone; a signed-in person's is private to them.
  const withSession = (page: string, me: Me) =>
    Buffer.from(page.replace('<body>', `<body>\n    <script id="${INLINE_SESSION_ID}" type="application/json">${jsonForHtml(me)}</script>`));
  type Pages = ReturnType<typeof pagesOf>;
  const made = new Map<string, { bare: Pages; guest: Pages }>();
  const pagesFor = (page: string) => {
    let pages = made.get(page);
    if (!pages) {
      if (made.size >= 500) made.clear();
      // Without a session (a path that is no screen, or the session could not be read): the app asks the API.
      pages = { bare: pagesOf(Buffer.from(page)), guest: pagesOf(withSession(page, { user: null })) };
      made.set(page, pages);
    }
    return pages;
  };
  const pageFor = (req: FastifyRequest, pages: Pages) => pages.get(encodingFor(req.headers['accept-encoding']))!;
  const pageWithSession = async (req: FastifyRequest, page: string) => {
    // No cookie and no token: a guest, without asking.
    if (!req.headers.cookie && !req.headers.authorization) return pageFor(req, pagesFor(page).guest);
    try {
      const me = await sessionOf(req);
      if (!me.user) return pageFor(req, pagesFor(page).guest);
      return { ...pageOf(withSession(page, me), encodingFor(req.headers['accept-encoding']), true), personal: true };
    } catch (err) {
      req.log.warn({ err }, 'the page was sent without its session');
      return pageFor(req, pagesFor(page).bare);
    }
  };

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || !hasClient || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ code: 'not_found', message: `No route for ${req.method} ${url}` });
    }
    const pattern = routePattern(url);
    const status = pattern ? 200 : 404;
    const query = new URLSearchParams(req.url.slice(url.length + 1));
    const headed = withHead(html, await pageMetaFor(app, pattern, url, query), app.config.publicUrl);
    const page: { encoding?: string | undefined; body: Buffer; tag: string; personal?: boolean } = pattern
      ? await pageWithSession(req, headed)
      : pageFor(req, pagesFor(headed).bare);
    reply
      .header('Cache-Control', page.personal ? 'private, no-cache' : 'no-cache')
      .header('ETag', page.tag)
      .header('Vary', 'Accept-Encoding, Cookie');
    if (pattern && req.headers['if-none-match'] === page.tag) return reply.status(304).send();
    // The page's largest picture (a watch page's poster) and its screen's code start downloading
    // with the page.
    if (pattern) {
      const links = [...(await pagePreloads(app, posterOf, pattern, url, query)), ...screenFiles(pattern)];
      if (links.length) reply.header('Link', links.join(', '));
    }
    if (page.encoding) reply.header('Content-Encoding', page.encoding);
    return reply.status(status).type('text/html; charset=utf-8').send(page.body);
  });
}
