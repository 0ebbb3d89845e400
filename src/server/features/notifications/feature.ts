import fp from 'fastify-plugin';
import { notificationRoutes } from './routes.js';

/** The bell: an account's notifications and its push subscriptions. */
export default fp(
  async (app) => {
    await app.register(notificationRoutes);
  },
  { name: 'glint-notifications', fastify: '5.x', decorators: { fastify: ['db', 'realtime', 'push', 'notifier'] } },
);
