import type { FastifyInstance } from 'fastify';
import { jobsFor } from '../../platform/jobs/jobs.js';
import { ROLLUP_QUEUE, rollUp } from './service.js';

/** The analytics' queue and what its jobs carry. */
export interface AnalyticsJobs {
  [ROLLUP_QUEUE]: Record<string, never>;
}

/** Every five minutes: raw playback reports and counted views into the daily and per-position tables. */
export async function defineAnalyticsJobs(app: FastifyInstance): Promise<void> {
  const jobs = jobsFor<AnalyticsJobs>(app.jobs);
  await jobs.define(ROLLUP_QUEUE, {
    retryLimit: 0,
    handler: async () => {
      // This instance's last second of reports first (the others' are written within a second).
      await app.playbackReports.flush();
      const { days, pruned } = await rollUp(app.db);
      app.log.debug({ days: days.length, pruned }, 'analytics rolled up');
    },
  });
  await jobs.schedule(ROLLUP_QUEUE, '*/5 * * * *');
}
