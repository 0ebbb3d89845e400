import fp from 'fastify-plugin';
import { profileRoutes } from './routes.js';

/** Profiles, their pictures and follows. */
export default fp(
  async (app) => {
    await app.register(profileRoutes);
  },
  { name: 'glint-profiles', fastify: '5.x', decorators: { fastify: ['db', 'storage', 'notifier', 'moderationRegistry'] } },
);
