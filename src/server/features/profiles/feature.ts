import fp from 'fastify-plugin';
import { defineProfileJobs } from './jobs.js';
import { registerProfilePages } from './page-meta.js';
import { profileRoutes } from './routes.js';

/** Profiles, their pictures and follows, and their pages' titles and link previews. */
export default fp(
  async (app) => {
    await defineProfileJobs(app);
    registerProfilePages(app);
    await app.register(profileRoutes);
  },
  {
    name: 'glint-profiles',
    fastify: '5.x',
    decorators: { fastify: ['db', 'storage', 'jobs', 'readCache', 'notifier', 'moderationRegistry', 'pageMeta'] },
  },
);
