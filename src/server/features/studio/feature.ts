import fp from 'fastify-plugin';
import { studioRoutes } from './routes.js';

/** The Creator Studio's content table: a creator's own videos, shorts, clips and streams, and their bulk actions. */
export default fp(
  async (app) => {
    await app.register(studioRoutes);
  },
  { name: 'glint-studio', fastify: '5.x', decorators: { fastify: ['db', 'storage'] } },
);
