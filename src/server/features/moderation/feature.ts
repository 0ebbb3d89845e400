import fp from 'fastify-plugin';
import { moderationRoutes } from './routes.js';

/** Reports and the moderators' screens: they stop live publishers, hold videos and priced media. */
export default fp(
  async (app) => {
    await app.register(moderationRoutes);
  },
  {
    name: 'glint-moderation',
    fastify: '5.x',
    dependencies: ['glint-videos', 'glint-live', 'glint-x402'],
    decorators: { fastify: ['db', 'config', 'storage', 'jobs', 'realtime', 'notifier'] },
  },
);
