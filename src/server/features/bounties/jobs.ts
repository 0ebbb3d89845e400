import type { FastifyInstance } from 'fastify';
import { lamportsToSol } from '../../../shared/payments/sol.js';
import { BOUNTY_CONTENT_TYPE } from '../../../shared/platform/product.js';
import { jobsFor } from '../../platform/jobs/jobs.js';
import type { PaymentRow } from '../payments/service.js';
import { expireBounties, markBountyPaid, unrecordedRewards } from './service.js';
import { BOUNTY_CARD_QUEUE, makeBountyCard } from './page-meta.js';

export const EXPIRE_BOUNTIES_QUEUE = 'bounty-expiry';

/** The bounties' queues and what their jobs carry. */
export interface BountyJobs {
  [EXPIRE_BOUNTIES_QUEUE]: Record<string, never>;
  [BOUNTY_CARD_QUEUE]: { bountyId: string };
}

/** The reward is paid: the bounty is marked once, and the claimant told in the bell. */
export async function recordReward(app: FastifyInstance, p: PaymentRow): Promise<void> {
  const bounty = await markBountyPaid(app.db, p);
  if (!bounty) return;
  await app.notifier.notify({
    userId: p.payeeId,
    actorId: p.payerId,
    type: 'bounty_claim',
    bountyEvent: 'paid',
    amountSol: lamportsToSol(p.lamports),
    contentType: BOUNTY_CONTENT_TYPE,
    contentId: bounty.id,
    contentTitle: bounty.title,
  });
}

/** A sweep every five minutes expires bounties whose time is over; a bounty's link preview picture is made when its page first asks. */
export async function defineBountyJobs(app: FastifyInstance): Promise<void> {
  const jobs = jobsFor<BountyJobs>(app.jobs);
  await jobs.define(EXPIRE_BOUNTIES_QUEUE, {
    retryLimit: 0,
    handler: async () => {
      const n = await expireBounties(app.db);
      if (n) app.log.info({ expired: n }, 'bounties expired');
      // A reward finalized while its hook failed is recorded here.
      for (const p of await unrecordedRewards(app.db)) await recordReward(app, p);
    },
  });
  await jobs.schedule(EXPIRE_BOUNTIES_QUEUE, '*/5 * * * *');
  await jobs.define(BOUNTY_CARD_QUEUE, {
    retryLimit: 1,
    expireInSeconds: 300,
    oncePerKey: true,
    handler: (data, { signal }) => makeBountyCard(app, data.bountyId, signal),
  });
}
