import fp from 'fastify-plugin';
import { supportRoutes } from './routes.js';

/** The support chat: help articles and live data, or a configured model fed with them. */
export default fp(
  async (app) => {
    await app.register(supportRoutes, { helpDir: app.config.helpDir, llm: app.config.llm });
  },
  { name: 'glint-support', fastify: '5.x', decorators: { fastify: ['db', 'config', 'createRateLimit'] } },
);
