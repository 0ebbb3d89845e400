import fp from 'fastify-plugin';
import { registerPayments } from './routes.js';
import { tipRoutes } from './tips.js';

/** Tips and bounty rewards, verified on chain before they count: `app.payments` and the tips' routes. */
export default fp(
  async (app) => {
    await registerPayments(app);
    await app.register(tipRoutes);
  },
  { name: 'glint-payments', fastify: '5.x', decorators: { fastify: ['db', 'config', 'jobs', 'realtime', 'notifier'] } },
);
