import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonForHtml } from '../../../shared/platform/page-data.js';
import { PRODUCT_NAME } from '../../../shared/platform/product.js';
import { creatorFeedPath, EMBED_DATA_ID, EMBED_UNAVAILABLE, OEmbedQuerySchema, OEmbedSchema, type EmbedItem } from '../../../shared/sharing/sharing.js';
import { ApiErrorSchema } from '../../../shared/platform/error-schema.js';
import { findProfileByUsername } from '../../access/creator.js';
import { isBanned } from '../../access/standing.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { preloadImage } from '../../platform/http/page-preloads.js';
import { parseSitemapPage, robotsTxt, rssFeed, SITE_FEED_PATH, sitemapIndex, sitemapPage } from './crawlers.js';
import { embedItemOf, oEmbedFor } from './service.js';

/** Sitemaps and feeds may be a few minutes old; a crawler or reader asks again later. */
const CRAWLER_CACHE = 'public, max-age=300';
const XML = 'application/xml; charset=utf-8';
export const OEMBED_NOT_FOUND = 'No public video, short or stream of Glint at this address';

export const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = new URL(app.config.publicUrl).origin;

  app.get(
    '/api/oembed',
    {
      schema: {
        tags: ['sharing'],
        summary: 'oEmbed (https://oembed.com) for a Glint video, short or stream address: the player to embed and its card',
        querystring: OEmbedQuerySchema,
        response: { 200: OEmbedSchema, 501: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const { url, format, maxwidth, maxheight } = req.query;
      if (format !== 'json') throw new HttpError(501, 'format_not_implemented', 'Only format=json is offered');
      // Not kept in the read cache: its key would be whatever address a caller sends.
      const answer = await oEmbedFor(app.db, app.storage, origin, url, { maxwidth, maxheight });
      if (!answer) throw notFound(OEMBED_NOT_FOUND);
      reply.header('Cache-Control', 'public, max-age=300');
      return answer;
    },
  );

  // The embed page: its own small bundle (src/client/embed), the item written into the page so it
  // draws at once. Framable by any site (src/server/platform/http/security.ts).
  const template = embedTemplate(app.config.clientDir);
  app.get('/embed/:id', { schema: { hide: true, params: z.object({ id: z.string().max(100) }) } }, async (req, reply) => {
    const { status, item } = await embedItemOf(app.db, app.storage, req.params.id);
    const poster = item.poster ? preloadImage(item.poster) : undefined;
    if (poster) reply.header('Link', poster);
    return reply.status(status).header('Cache-Control', 'public, max-age=60').type('text/html; charset=utf-8').send(embedPage(template, item));
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(origin)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const body = await app.readCache.memo('sitemap:index', () => sitemapIndex(app.db, origin));
    return reply.header('Cache-Control', CRAWLER_CACHE).type(XML).send(body);
  });

  app.get('/sitemaps/:file', { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } }, async (req, reply) => {
    const which = parseSitemapPage(req.params.file);
    const body = which && (await app.readCache.memo(`sitemap:${which.section}:${which.page}`, () => sitemapPage(app.db, origin, which.section, which.page)));
    if (!body) throw notFound('No such sitemap');
    return reply.header('Cache-Control', CRAWLER_CACHE).type(XML).send(body);
  });

  app.get(SITE_FEED_PATH, { schema: { hide: true } }, async (_req, reply) => {
    const body = await app.readCache.memo('feed:site', () => rssFeed(app.db, origin, SITE_FEED_PATH));
    return reply.header('Cache-Control', CRAWLER_CACHE).type('application/rss+xml; charset=utf-8').send(body);
  });

  app.get('/profile/:username/feed.xml', { schema: { hide: true, params: z.object({ username: z.string().max(64) }) } }, async (req, reply) => {
    const p = await findProfileByUsername(app.db, req.params.username);
    if (!p || (await isBanned(app.db, p.id))) throw notFound('This user does not exist');
    const body = await app.readCache.memo(`feed:${p.id}`, () => rssFeed(app.db, origin, creatorFeedPath(p.username), p));
    return reply.header('Cache-Control', CRAWLER_CACHE).type('application/rss+xml; charset=utf-8').send(body);
  });
};

/**
 * The built embed page (`embed.html`, its own entry: no app shell), or without a build a page that
 * says what it would show, so the API-only server answers the same addresses.
 */
function embedTemplate(clientDir: string): string {
  const file = path.join(clientDir, 'embed.html');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  return '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>Glint</title></head><body><div id="root"></div></body></html>';
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page with its title and the item as data (never run: the CSP needs no change); an unavailable one says so before any script. */
export function embedPage(template: string, item: EmbedItem): string {
  const title = item.state === 'unavailable' ? `${EMBED_UNAVAILABLE} · ${PRODUCT_NAME}` : `${item.title} · ${PRODUCT_NAME}`;
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root"></div>\n    <script id="${EMBED_DATA_ID}" type="application/json">${jsonForHtml(item)}</script>`);
}
