import fp from 'fastify-plugin';
import { defineAnalyticsJobs } from './jobs.js';
import { analyticsRoutes } from './routes.js';

/** Creator Studio analytics: the playback heartbeat, the roll-up job and the studio's reads. */
export default fp(
  async (app) => {
    await defineAnalyticsJobs(app);
    await app.register(analyticsRoutes);
  },
  { name: 'glint-analytics', fastify: '5.x', dependencies: ['glint-videos'], decorators: { fastify: ['db', 'jobs'] } },
);
