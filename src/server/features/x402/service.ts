import { and, desc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { videoPurchases } from './schema.js';
import { videos } from '../videos/schema.js';

export type PurchaseRow = typeof videoPurchases.$inferSelect;

/** A settling purchase older than this is taken to have died with its request (the facilitator waits 30 s at most). */
const STALE_SETTLING_MS = 3 * 60_000;

/** Whether this account bought this video (a settled purchase). */
export async function hasEntitlement(db: Db, videoId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videoPurchases.id })
    .from(videoPurchases)
    .where(and(eq(videoPurchases.videoId, videoId), eq(videoPurchases.buyerId, userId), eq(videoPurchases.status, 'settled')))
    .limit(1);
  return !!row;
}

/** Whether this payment (by its transaction message's hash) was presented before. */
export async function paymentKeyUsed(db: Db, paymentKey: string): Promise<boolean> {
  const [row] = await db.select({ id: videoPurchases.id }).from(videoPurchases).where(eq(videoPurchases.paymentKey, paymentKey)).limit(1);
  return !!row;
}

export interface NewPurchase {
  videoId: string;
  buyerId: string | null;
  payerWallet: string;
  payTo: string;
  asset: string;
  network: string;
  amountMicroUsdc: number;
  paymentKey: string;
}

export type Begin = { ok: true; id: string } | { ok: false; why: 'payment_used' | 'owned' | 'in_progress' };

/**
 * Holds the buyer's place before any money moves: one row per payment (a payment presented
 * again is refused) and per account and video (a second purchase, or two tabs paying at once,
 * is refused before the facilitator settles anything).
 */
export async function beginPurchase(db: Db, p: NewPurchase): Promise<Begin> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await db.insert(videoPurchases).values(p).onConflictDoNothing().returning({ id: videoPurchases.id });
    if (row) return { ok: true, id: row.id };
    const [used] = await db.select({ id: videoPurchases.id }).from(videoPurchases).where(eq(videoPurchases.paymentKey, p.paymentKey)).limit(1);
    if (used) return { ok: false, why: 'payment_used' };
    if (!p.buyerId) return { ok: false, why: 'payment_used' };
    const [mine] = await db
      .select()
      .from(videoPurchases)
      .where(and(eq(videoPurchases.videoId, p.videoId), eq(videoPurchases.buyerId, p.buyerId)))
      .limit(1);
    if (!mine) continue;
    if (mine.status === 'settled') return { ok: false, why: 'owned' };
    if (Date.now() - mine.createdAt.getTime() < STALE_SETTLING_MS) return { ok: false, why: 'in_progress' };
    await db
      .delete(videoPurchases)
      .where(
        and(eq(videoPurchases.id, mine.id), eq(videoPurchases.status, 'settling'), lt(videoPurchases.createdAt, new Date(Date.now() - STALE_SETTLING_MS))),
      );
  }
  return { ok: false, why: 'in_progress' };
}

/** The purchase is paid: false when its transaction already paid for something else (then nothing is recorded). */
export async function completePurchase(db: Db, id: string, transaction: string, payerWallet: string): Promise<boolean> {
  const [used] = await db.select({ id: videoPurchases.id }).from(videoPurchases).where(eq(videoPurchases.transaction, transaction)).limit(1);
  if (used && used.id !== id) return false;
  try {
    const rows = await db
      .update(videoPurchases)
      .set({ status: 'settled', transaction, payerWallet, settledAt: new Date() })
      .where(and(eq(videoPurchases.id, id), eq(videoPurchases.status, 'settling')))
      .returning({ id: videoPurchases.id });
    return rows.length > 0;
  } catch {
    // The unique index on the transaction: another purchase recorded it in between.
    return false;
  }
}

/** The payment was not settled: the place is given up, and the buyer may try again. */
export async function abandonPurchase(db: Db, id: string): Promise<void> {
  await db.delete(videoPurchases).where(and(eq(videoPurchases.id, id), eq(videoPurchases.status, 'settling')));
}

export interface SalesTotal {
  count: number;
  totalMicroUsdc: number;
  lastSoldAt: Date | null;
}

/** Settled sales of these videos: how many, how much, the latest. */
export async function salesOf(db: Db, videoIds: string[]): Promise<Map<string, SalesTotal>> {
  if (videoIds.length === 0) return new Map();
  const rows = await db
    .select({
      videoId: videoPurchases.videoId,
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${videoPurchases.amountMicroUsdc}), 0)::bigint`,
      last: sql<Date | string | null>`max(${videoPurchases.settledAt})`,
    })
    .from(videoPurchases)
    .where(and(inArray(videoPurchases.videoId, videoIds), eq(videoPurchases.status, 'settled')))
    .groupBy(videoPurchases.videoId);
  return new Map(
    rows.flatMap((r) =>
      r.videoId ? [[r.videoId, { count: r.count, totalMicroUsdc: Number(r.total), lastSoldAt: r.last ? new Date(r.last) : null }] as const] : [],
    ),
  );
}

/** What this account unlocked, newest first. */
export async function purchasesBy(db: Db, userId: string): Promise<(PurchaseRow & { videoId: string })[]> {
  const rows = await db
    .select()
    .from(videoPurchases)
    // A purchase whose video went with its creator's account stays in the ledger, not in this list.
    .where(and(eq(videoPurchases.buyerId, userId), eq(videoPurchases.status, 'settled'), isNotNull(videoPurchases.videoId)))
    .orderBy(desc(videoPurchases.settledAt))
    .limit(200);
  return rows as (PurchaseRow & { videoId: string })[];
}

/** Settled sales of `ownerId`'s videos as `(content_id, micro_usdc)` rows, for the Creator Studio. */
export function salesByVideoOf(ownerId: string): SQL {
  return sql`select ${videoPurchases.videoId}::text as content_id, sum(${videoPurchases.amountMicroUsdc})::bigint as micro_usdc
    from ${videoPurchases} join ${videos} on ${videos.id} = ${videoPurchases.videoId}
    where ${videos.ownerId} = ${ownerId} and ${videoPurchases.status} = 'settled'
    group by ${videoPurchases.videoId}`;
}
