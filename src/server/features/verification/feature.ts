import fp from 'fastify-plugin';
import { verificationRoutes } from './routes.js';

/** Verification badges: requests, and the admins' decisions. */
export default fp(
  async (app) => {
    await app.register(verificationRoutes);
  },
  { name: 'glint-verification', fastify: '5.x', decorators: { fastify: ['db', 'realtime'] } },
);
