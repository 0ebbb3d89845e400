import fp from 'fastify-plugin';
import { chatRoutes } from './routes.js';

/** A live stream's chat. */
export default fp(
  async (app) => {
    await app.register(chatRoutes);
  },
  // A Pump Stream's chat knows who holds its token.
  { name: 'glint-chat', fastify: '5.x', dependencies: ['glint-tokens'], decorators: { fastify: ['db', 'realtime', 'moderationRegistry'] } },
);
