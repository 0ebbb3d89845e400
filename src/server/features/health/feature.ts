import fp from 'fastify-plugin';
import { healthRoutes } from './routes.js';

/** Whether this server is alive (health) and can serve requests now (ready). */
export default fp(
  async (app) => {
    await app.register(healthRoutes);
  },
  { name: 'glint-health', fastify: '5.x', decorators: { fastify: ['db', 'dbKind', 'storage', 'jobs'] } },
);
