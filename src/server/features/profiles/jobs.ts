import type { FastifyInstance } from 'fastify';
import { jobsFor } from '../../platform/jobs/jobs.js';
import { makeProfileCard, PROFILE_CARD_QUEUE } from './page-meta.js';

/** The profiles' queue and what its jobs carry. */
export interface ProfileJobs {
  [PROFILE_CARD_QUEUE]: { userId: string };
}

/** A profile's link preview picture, asked for by its page the first time it is served (and after a new avatar or name). */
export async function defineProfileJobs(app: FastifyInstance): Promise<void> {
  const jobs = jobsFor<ProfileJobs>(app.jobs);
  await jobs.define(PROFILE_CARD_QUEUE, {
    retryLimit: 1,
    expireInSeconds: 300,
    oncePerKey: true,
    handler: (data, { signal }) => makeProfileCard(app, data.userId, signal),
  });
}
