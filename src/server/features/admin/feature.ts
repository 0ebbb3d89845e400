import fp from 'fastify-plugin';
import { adminRoutes } from './routes.js';

/** The admins' overview. */
export default fp(
  async (app) => {
    await app.register(adminRoutes);
  },
  { name: 'glint-admin', fastify: '5.x', decorators: { fastify: ['db'] } },
);
