import fp from 'fastify-plugin';
import { defineAnalyticsJobs } from './jobs.js';
import { createPlaybackBuffer, type PlaybackBuffer } from './playback-buffer.js';
import { analyticsRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The heartbeat's reports on their way to the database (written a second at a time). */
    playbackReports: PlaybackBuffer;
  }
}

/** Creator Studio analytics: the playback heartbeat, the roll-up job and the studio's reads. */
export default fp(
  async (app) => {
    const buffer = createPlaybackBuffer(app.db, app.log);
    app.decorate('playbackReports', buffer);
    // Before the database closes: the last second's reports are written.
    app.addHook('onClose', () => buffer.close());
    await defineAnalyticsJobs(app);
    await app.register(analyticsRoutes);
  },
  { name: 'glint-analytics', fastify: '5.x', dependencies: ['glint-videos'], decorators: { fastify: ['db', 'jobs', 'config', 'realtime'] } },
);
