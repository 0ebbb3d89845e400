import fp from 'fastify-plugin';
import { chatRoutes } from './routes.js';

/** A live stream's chat. */
export default fp(
  async (app) => {
    await app.register(chatRoutes);
  },
  // A Pump Stream's chat knows who holds its token; followers-only asks profiles since when one follows.
  {
    name: 'glint-chat',
    fastify: '5.x',
    dependencies: ['glint-tokens', 'glint-profiles'],
    decorators: { fastify: ['db', 'realtime', 'notifier', 'moderationRegistry'] },
  },
);
