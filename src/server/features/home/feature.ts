import fp from 'fastify-plugin';
import { homeRoutes } from './routes.js';

/** The home page's rows. */
export default fp(
  async (app) => {
    await app.register(homeRoutes);
  },
  { name: 'glint-home', fastify: '5.x', decorators: { fastify: ['db', 'readCache'] } },
);
