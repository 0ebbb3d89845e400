import fp from 'fastify-plugin';
import { chatRoutes } from './routes.js';

/** A live stream's chat. */
export default fp(
  async (app) => {
    await app.register(chatRoutes);
  },
  { name: 'glint-chat', fastify: '5.x', decorators: { fastify: ['db', 'realtime', 'moderationRegistry'] } },
);
