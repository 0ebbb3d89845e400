import fp from 'fastify-plugin';
import { sharingRoutes } from './routes.js';

/** Glint on other sites: the embeddable player, oEmbed, robots.txt, the sitemap and the feeds. */
export default fp(
  async (app) => {
    await app.register(sharingRoutes);
  },
  { name: 'glint-sharing', fastify: '5.x', decorators: { fastify: ['db', 'storage', 'readCache', 'config'] } },
);
