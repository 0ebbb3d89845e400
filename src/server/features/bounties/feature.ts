import fp from 'fastify-plugin';
import { defineBountyJobs, recordReward } from './jobs.js';
import { registerBountyPages } from './page-meta.js';
import { bountyRoutes } from './routes.js';

/**
 * Bounties: their routes, the reward a finalized payment records, and the sweep that expires
 * bounties whose time is over.
 */
export default fp(
  async (app) => {
    app.payments.onFinalized('bounty', (p) => recordReward(app, p));
    await defineBountyJobs(app);
    registerBountyPages(app);
    await app.register(bountyRoutes);
  },
  {
    name: 'glint-bounties',
    fastify: '5.x',
    dependencies: ['glint-payments'],
    decorators: { fastify: ['db', 'config', 'storage', 'jobs', 'readCache', 'notifier', 'pageMeta'] },
  },
);
