import fp from 'fastify-plugin';
import { defineProfileJobs } from './jobs.js';
import { registerProfilePages } from './page-meta.js';
import { profileRoutes } from './routes.js';
import { followingSince } from './follows.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Since when one account follows another (undefined: it does not), for features that cannot
     * import this one without a loop (a chat's followers-only mode).
     */
    followingSince(followerId: string, followeeId: string): Promise<Date | undefined>;
  }
}

/** Profiles, their pictures and follows, and their pages' titles and link previews. */
export default fp(
  async (app) => {
    app.decorate('followingSince', (followerId: string, followeeId: string) => followingSince(app.db, followerId, followeeId));
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
