import type { FastifyInstance } from 'fastify';
import { jobsFor } from '../../platform/jobs/jobs.js';

export const VERIFY_QUEUE = 'payment-verify';
/** How long between two looks at the chain for a payment not finalized yet. */
export const LOOK_AGAIN_SECONDS = 2;

/** The payments' queue and what its jobs carry. */
export interface PaymentJobs {
  [VERIFY_QUEUE]: { paymentId: string };
}

export interface PaymentChecks {
  /** One look at the chain for the payment: whether to look again. */
  step(id: string): Promise<'waiting' | 'over'>;
  /** Fails a payment too old to wait for; true when it did. */
  giveUpIfStale(id: string): Promise<boolean>;
}

/** A payment not finalized yet is looked at again, `LOOK_AGAIN_SECONDS` apart, until it is over. */
export async function definePaymentJobs(app: FastifyInstance, { step, giveUpIfStale }: PaymentChecks): Promise<void> {
  const jobs = jobsFor<PaymentJobs>(app.jobs);
  await jobs.define(VERIFY_QUEUE, {
    retryLimit: 5,
    handler: async (data) => {
      const id = String(data.paymentId);
      let next: 'waiting' | 'over';
      try {
        next = await step(id);
      } catch (err) {
        // The cluster did not answer: look again a little later, until the payment is too old to wait for.
        app.log.warn({ err, payment: id }, 'payments: could not check the chain');
        next = (await giveUpIfStale(id)) ? 'over' : 'waiting';
      }
      if (next === 'waiting') await jobs.send(VERIFY_QUEUE, { paymentId: id }, { startAfter: LOOK_AGAIN_SECONDS });
    },
  });
}
