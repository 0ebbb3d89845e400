import { and, desc, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { explorerUrl as solanaExplorerUrl, lamportsToSol } from '../../../shared/payments/sol.js';
import { PAYMENT_FAILURES, PAYMENT_FINALITY_MINUTES, PAYMENT_FIND_MINUTES, paymentMemo, type Payment } from '../../../shared/payments/payments.js';
import type { Db } from '../../platform/db/client.js';
import type { Creator } from '../../../shared/profiles/creator.js';
import { payments } from './schema.js';
import { bounties, bountyClaims } from '../bounties/schema.js';
import { profiles } from '../../access/schema.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { creatorColumns, creatorColumnsOf } from '../../access/creator.js';
import { pgErrorCode } from '../../platform/db/errors.js';
import type { Chain } from './chain.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Pick<PaymentRow, 'kind' | 'payerId' | 'payeeId' | 'payerWallet' | 'payeeWallet' | 'lamports'> &
  Partial<Pick<PaymentRow, 'message' | 'contentType' | 'contentId' | 'bountyId' | 'claimId'>>;

export const PAYMENT_NOT_FOUND = 'Payment not found';
const UNIQUE_VIOLATION = '23505';

/** An explorer page for the transaction; none for a local cluster, which no explorer can see. */
export function explorerUrl(cluster: string, signature: string | null): string | null {
  return signature ? solanaExplorerUrl(cluster, { tx: signature }) : null;
}

/** A payment intent: who pays whom, from and to which wallets, how much. Nothing is paid yet. */
export async function createPayment(db: Db, input: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(input).returning();
  return row!;
}

export async function getPaymentRow(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

const payerProfile = alias(profiles, 'payer_profile');

/** Payments as their payer and payee see them, newest first. */
export async function paymentViews(db: Db, cluster: string, where: SQL, limit = 50): Promise<Payment[]> {
  const rows = await db
    .select({
      p: payments,
      payee: creatorColumns,
      payer: creatorColumnsOf(payerProfile),
    })
    .from(payments)
    .innerJoin(profiles, eq(profiles.id, payments.payeeId))
    .innerJoin(payerProfile, eq(payerProfile.id, payments.payerId))
    .where(where)
    .orderBy(desc(payments.createdAt))
    .limit(limit);
  return rows.map(({ p, payee, payer }) => ({
    id: p.id,
    kind: p.kind,
    status: p.status,
    amountSol: lamportsToSol(p.lamports),
    message: p.message,
    failure: p.failure,
    signature: p.signature,
    memo: paymentMemo(p.id),
    payerWallet: p.payerWallet,
    payeeWallet: p.payeeWallet,
    payee,
    payer,
    contentType: p.contentType,
    contentId: p.contentId,
    bountyId: p.bountyId,
    createdAt: p.createdAt.toISOString(),
    finalizedAt: p.finalizedAt?.toISOString() ?? null,
    explorerUrl: explorerUrl(cluster, p.signature),
  }));
}

export async function paymentView(db: Db, cluster: string, id: string): Promise<Payment | undefined> {
  return (await paymentViews(db, cluster, eq(payments.id, id), 1))[0];
}

/** The payer's payments (tips sent, rewards paid) and the ones they received, newest first. */
export const myPayments = (db: Db, cluster: string, userId: string) =>
  paymentViews(db, cluster, or(eq(payments.payerId, userId), and(eq(payments.payeeId, userId), eq(payments.status, 'finalized')))!);

/** How many payment intents the user made recently: a cap against filling the table. */
export async function recentIntents(db: Db, payerId: string, minutes: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.payerId, payerId), gt(payments.createdAt, new Date(Date.now() - minutes * 60_000))));
  return row?.n ?? 0;
}

/** Whether `signature` is already verified as paying a payment other than `id`. */
async function verifiedElsewhere(db: Db, signature: string, id: string): Promise<boolean> {
  const [used] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.signature, signature), inArray(payments.status, ['confirmed', 'finalized']), ne(payments.id, id)))
    .limit(1);
  return !!used;
}

/**
 * The payer reports the signature of the transaction they sent. Only the payer, only once per
 * intent. Reporting a signature reserves nothing: it belongs to the payment whose memo, payer and
 * amount the transaction carries, and is refused here only once the chain showed it paying
 * another payment (a signature pays for one intent only; the partial unique index settles a race).
 */
export async function submitSignature(db: Db, id: string, payerId: string, signature: string): Promise<PaymentRow> {
  const row = await getPaymentRow(db, id);
  if (!row || row.payerId !== payerId) throw notFound(PAYMENT_NOT_FOUND);
  if (row.signature === signature) return row;
  if (row.status !== 'created') throw new HttpError(409, 'payment_submitted', 'This payment already has a transaction.');
  if (await verifiedElsewhere(db, signature, id)) throw new HttpError(409, 'signature_used', PAYMENT_FAILURES.usedSignature);
  const [updated] = await db
    .update(payments)
    .set({ signature, status: 'pending', submittedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'created')))
    .returning();
  if (!updated) throw new HttpError(409, 'payment_submitted', 'This payment already has a transaction.');
  return updated;
}

/**
 * A transaction reported for the wrong payment whose memo names `id`: when it pays `id` exactly
 * (its payer's wallet, its payee's, its amount) and `id` has no transaction yet, it becomes
 * `id`'s, as if its payer had reported it. True when it was attached (the caller then tracks it).
 */
export async function attachSignature(db: Db, chain: Chain, id: string, signature: string): Promise<boolean> {
  const row = await getPaymentRow(db, id);
  if (!row || row.status !== 'created') return false;
  const check = await chain.check({ signature, payerWallet: row.payerWallet, payeeWallet: row.payeeWallet, lamports: row.lamports, memo: paymentMemo(row.id) });
  if (check.state !== 'matches') return false;
  const attached = await db
    .update(payments)
    .set({ signature, status: 'pending', submittedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'created')))
    .returning({ id: payments.id });
  return attached.length > 0;
}

export type Advance = 'waiting' | 'finalized' | 'failed' | 'done';

/**
 * One look at the chain for a submitted payment: still waiting (look again later), failed (with
 * the reason kept for the payer), or finalized, exactly once (the caller then records what it
 * pays for). `done` when there is nothing left to do.
 */
export async function advancePayment(db: Db, chain: Chain, id: string, now = new Date()): Promise<Advance> {
  const row = await getPaymentRow(db, id);
  return row ? (await advance(db, chain, row, now)).outcome : 'done';
}

/**
 * `advancePayment` for a row already read; `changed` is the row as this look left it, when it
 * moved it on (so the caller tells the payer without reading it again).
 */
export async function advance(
  db: Db,
  chain: Chain,
  row: PaymentRow,
  now = new Date(),
): Promise<{ outcome: Advance; changed?: PaymentRow; namedPayments?: string[] }> {
  if (!row.signature || (row.status !== 'pending' && row.status !== 'confirmed')) return { outcome: 'done' };
  const check = await chain.check({
    signature: row.signature,
    payerWallet: row.payerWallet,
    payeeWallet: row.payeeWallet,
    lamports: row.lamports,
    memo: paymentMemo(row.id),
  });
  const open = and(eq(payments.id, row.id), inArray(payments.status, ['pending', 'confirmed']));
  const set = async (outcome: Advance, values: Partial<PaymentRow>): Promise<{ outcome: Advance; changed?: PaymentRow }> => {
    try {
      const [changed] = await db.update(payments).set(values).where(open).returning();
      return changed ? { outcome, changed } : { outcome: 'done' };
    } catch (err) {
      // Seen paying this payment, but already verified as paying another (one transaction naming both).
      if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
      return set('failed', { status: 'failed', failure: PAYMENT_FAILURES.usedSignature });
    }
  };
  const age = now.getTime() - (row.submittedAt ?? row.createdAt).getTime();
  if (check.state === 'unseen') {
    // Never seen, or seen at confirmed and then gone (dropped with its fork).
    return age > PAYMENT_FIND_MINUTES * 60_000 ? set('failed', { status: 'failed', failure: PAYMENT_FAILURES.notFound }) : { outcome: 'waiting' };
  }
  if (check.state === 'failed') {
    const failed = await set('failed', { status: 'failed', failure: check.reason });
    // Reported for the wrong payment: the payments its memo names may be the ones it pays.
    const named = check.namedPayments?.filter((other) => other !== row.id);
    return named?.length ? { ...failed, namedPayments: named } : failed;
  }
  if (check.commitment === 'confirmed') {
    if (age > PAYMENT_FINALITY_MINUTES * 60_000) return set('failed', { status: 'failed', failure: PAYMENT_FAILURES.notFinal });
    if (row.status === 'pending') {
      const seen = await set('waiting', { status: 'confirmed' });
      return seen.outcome === 'failed' ? seen : { ...seen, outcome: 'waiting' };
    }
    return { outcome: 'waiting' };
  }
  return set('finalized', { status: 'finalized', finalizedAt: now, failure: null });
}

/** A submitted payment whose chain could not be checked for longer than the finality wait: failed. */
/** A bounty's unsent payments give way when its poster starts paying it again. */
export async function failCreatedBountyPayments(db: Db, bountyId: string, failure: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed', failure })
    .where(and(eq(payments.bountyId, bountyId), eq(payments.status, 'created')));
}

/**
 * The payments of an account being erased stay in the ledger under `deletedAccountId`: amounts,
 * kinds, wallets and signatures are the ledger's; the tipper's message is theirs and goes. Rewards
 * of the person's own bounties lose the bounty, which goes with the account.
 */
export async function keepPaymentsOfErasedAccount(db: Db, userId: string, deletedAccountId: string): Promise<void> {
  const ownBounties = db.select({ id: bounties.id }).from(bounties).where(eq(bounties.posterId, userId));
  await db.update(payments).set({ bountyId: null }).where(inArray(payments.bountyId, ownBounties));
  await db.update(payments).set({ payerId: deletedAccountId, message: '' }).where(eq(payments.payerId, userId));
  await db.update(payments).set({ payeeId: deletedAccountId }).where(eq(payments.payeeId, userId));
}

export async function failStalePayment(db: Db, id: string, now = new Date()): Promise<boolean> {
  const cutoff = new Date(now.getTime() - PAYMENT_FINALITY_MINUTES * 60_000);
  const rows = await db
    .update(payments)
    .set({ status: 'failed', failure: PAYMENT_FAILURES.unreachable })
    .where(and(eq(payments.id, id), inArray(payments.status, ['pending', 'confirmed']), sql`${payments.submittedAt} < ${cutoff}`))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * What `payeeId` earned in SOL per item of theirs, as `(content_id, lamports)` rows for the
 * Creator Studio: finalized tips made on the item, and finalized bounty rewards paid for a claim
 * that submitted it.
 */
export function earningsByContent(payeeId: string): SQL {
  return sql`select content_id, sum(lamports)::bigint as lamports from (
      select ${payments.contentId} as content_id, ${payments.lamports} as lamports
        from ${payments}
        where ${payments.kind} = 'tip' and ${payments.status} = 'finalized' and ${payments.payeeId} = ${payeeId} and ${payments.contentId} is not null
      union all
      select ${bountyClaims.contentId} as content_id, ${payments.lamports} as lamports
        from ${payments} join ${bountyClaims} on ${bountyClaims.id} = ${payments.claimId}
        where ${payments.kind} = 'bounty' and ${payments.status} = 'finalized' and ${payments.payeeId} = ${payeeId}
    ) earned group by content_id`;
}

/** Who tipped most on these items (finalized tips), most SOL first. `ids` selects the items' ids (text). */
export async function topTippers(db: Db, contentType: string, ids: SQL, limit = 10): Promise<{ creator: Creator; sol: string; tips: number }[]> {
  const rows = await db
    .select({ creator: creatorColumns, lamports: sql<string>`sum(${payments.lamports})::text`, tips: sql<number>`count(*)::int` })
    .from(payments)
    .innerJoin(profiles, eq(profiles.id, payments.payerId))
    .where(and(eq(payments.kind, 'tip'), eq(payments.status, 'finalized'), eq(payments.contentType, contentType), sql`${payments.contentId} in (${ids})`))
    .groupBy(...Object.values(creatorColumns))
    .orderBy(desc(sql`sum(${payments.lamports})`))
    .limit(limit);
  return rows.map((r) => ({ creator: r.creator, sol: lamportsToSol(BigInt(r.lamports)), tips: r.tips }));
}
