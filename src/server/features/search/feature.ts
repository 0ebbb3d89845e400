import fp from 'fastify-plugin';
import { searchRoutes } from './routes.js';

/** Search across videos, streams and people. */
export default fp(
  async (app) => {
    await app.register(searchRoutes);
  },
  { name: 'glint-search', fastify: '5.x', decorators: { fastify: ['db', 'readCache'] } },
);
