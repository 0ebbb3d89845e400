import fp from 'fastify-plugin';
import { moderationRoutes } from './routes.js';

/**
 * Reports and the moderators' screens. The items reported are found and removed through the
 * adapters other features put in `app.moderationRegistry`; live publishers are cut off through `app.live`.
 */
export default fp(
  async (app) => {
    await app.register(moderationRoutes);
  },
  {
    name: 'glint-moderation',
    fastify: '5.x',
    dependencies: ['glint-live'],
    decorators: { fastify: ['db', 'realtime', 'notifier', 'moderationRegistry'] },
  },
);
