import fp from 'fastify-plugin';
import { appLinkRoutes } from './app-links.js';

/** The native app's claim on this site's links (Android App Links, iOS universal links). */
export default fp(
  async (app) => {
    await app.register(appLinkRoutes, app.config.native);
  },
  { name: 'glint-native', fastify: '5.x', decorators: { fastify: ['config'] } },
);
