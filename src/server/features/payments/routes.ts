import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BlockhashSchema, CHAIN_UNAVAILABLE, PaymentSchema, SubmitSignatureSchema, type Payment } from '../../../shared/payments/payments.js';
import { userSession } from '../../access/guards.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { createChain, type Chain } from './chain.js';
import {
  advance,
  attachSignature,
  failStalePayment,
  getPaymentRow,
  myPayments,
  PAYMENT_NOT_FOUND,
  paymentView,
  submitSignature,
  type PaymentRow,
} from './service.js';
import { definePaymentJobs, LOOK_AGAIN_SECONDS, VERIFY_QUEUE, type PaymentJobs } from './jobs.js';
import { jobsFor } from '../../platform/jobs/jobs.js';

export type FinalizedHook = (payment: PaymentRow) => Promise<void>;

export interface Payments {
  chain: Chain;
  /** What a finalized payment of this kind records (a tip's notification, a bounty paid). Runs once per payment. */
  onFinalized(kind: PaymentRow['kind'], hook: FinalizedHook): void;
  /** Looks at the chain for this payment now, and again until it is finalized or failed. */
  track(id: string): Promise<void>;
  view(id: string): Promise<Payment | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

/**
 * Payments verified on chain: the signature a payer reports is looked up through Solana JSON-RPC
 * until the transaction is finalized (or fails, or is never seen), and only then does the payment
 * count. Tips and bounty rewards register what a finalized payment of theirs does.
 */
export async function registerPayments(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const chain = createChain(config.solana.rpcUrl);
  const hooks = new Map<PaymentRow['kind'], FinalizedHook>();
  const view = (id: string) => paymentView(db, config.solana.cluster, id);

  const announce = async (id: string) => {
    const p = await view(id);
    if (!p) return;
    await app.realtime.publish(p.payer.id, 'payment.status', p);
    if (p.status === 'finalized') await app.realtime.publish(p.payee.id, 'payment.status', p);
  };

  const step = async (id: string): Promise<'waiting' | 'over'> => {
    const row = await getPaymentRow(db, id);
    if (!row) return 'over';
    const { outcome, changed, namedPayments } = await advance(db, chain, row);
    if (outcome === 'finalized' && changed) await hooks.get(changed.kind)?.(changed);
    if (changed) await announce(id);
    // Someone reported a transaction that pays another payment: it is that payment's, tracked as its own.
    for (const other of namedPayments ?? []) {
      if (row.signature && (await attachSignature(db, chain, other, row.signature))) await payments.track(other);
    }
    return outcome === 'waiting' ? 'waiting' : 'over';
  };

  const giveUpIfStale = async (id: string) => {
    if (!(await failStalePayment(db, id))) return false;
    await announce(id);
    return true;
  };

  await definePaymentJobs(app, { step, giveUpIfStale });

  const payments: Payments = {
    chain,
    onFinalized(kind, hook) {
      hooks.set(kind, hook);
    },
    async track(id) {
      // A first look at once (a local or fast cluster is often done already), then the queue.
      const now = await step(id).catch((err: unknown) => {
        app.log.warn({ err, payment: id }, 'payments: first look at the chain failed');
        return 'waiting' as const;
      });
      if (now === 'waiting') await jobsFor<PaymentJobs>(app.jobs).send(VERIFY_QUEUE, { paymentId: id }, { startAfter: LOOK_AGAIN_SECONDS });
    },
    view,
  };
  app.decorate('payments', payments);

  await app.register(async (routes) => {
    const r = routes.withTypeProvider<ZodTypeProvider>();
    const idParams = z.object({ id: z.guid() });

    r.get(
      '/api/chain/blockhash',
      {
        config: { auth: 'user', noStore: true },
        schema: {
          tags: ['payments'],
          summary: 'A recent blockhash of the configured cluster, for a transaction the wallet signs',
          response: { 200: BlockhashSchema },
        },
      },
      async (req) => {
        const { blockhash, lastValidBlockHeight } = await chain.latestBlockhash().catch((err: unknown) => {
          req.log.warn({ err }, 'payments: the cluster did not answer');
          throw new HttpError(503, 'chain_unavailable', CHAIN_UNAVAILABLE);
        });
        return { blockhash, lastValidBlockHeight: String(lastValidBlockHeight) };
      },
    );

    r.get(
      '/api/payments',
      {
        config: { auth: 'user', noStore: true },
        schema: {
          tags: ['payments'],
          summary: 'Your payments: tips and rewards you sent (any state), and those you received',
          response: { 200: z.object({ payments: z.array(PaymentSchema) }) },
        },
      },
      async (req) => {
        const s = userSession(req);
        return { payments: await myPayments(db, config.solana.cluster, s.user.id) };
      },
    );

    r.get(
      '/api/payments/:id',
      {
        config: { auth: 'user', noStore: true },
        schema: { tags: ['payments'], summary: 'One of your payments, as the payer or the payee', params: idParams, response: { 200: PaymentSchema } },
      },
      async (req) => {
        const s = userSession(req);
        const p = await view(req.params.id);
        // Someone else's payment does not exist, as far as this caller knows.
        if (!p || (p.payer.id !== s.user.id && (p.payee.id !== s.user.id || p.status !== 'finalized'))) throw notFound(PAYMENT_NOT_FOUND);
        return p;
      },
    );

    r.post(
      '/api/payments/:id/signature',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['payments'],
          summary: 'Report the signature of the transaction that pays this payment; it is verified on chain',
          params: idParams,
          body: SubmitSignatureSchema,
          response: { 202: PaymentSchema },
        },
      },
      async (req, reply) => {
        const s = userSession(req);
        await submitSignature(db, req.params.id, s.user.id, req.body.signature);
        await payments.track(req.params.id);
        return reply.code(202).send((await view(req.params.id))!);
      },
    );
  });
}
