import fp from 'fastify-plugin';
import { leaderboardRoutes } from './routes.js';

/** The leaderboards. */
export default fp(
  async (app) => {
    await app.register(leaderboardRoutes);
  },
  { name: 'glint-leaderboards', fastify: '5.x', decorators: { fastify: ['db'] } },
);
