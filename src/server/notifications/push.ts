import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../db/client.js';
import { pushSubscriptions } from '../db/schema/index.js';

export interface Push {
  /** The public VAPID key browsers subscribe with; undefined when web push is off. */
  publicKey: string | undefined;
  subscribe(userId: string, sub: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<void>;
  unsubscribe(userId: string, endpoint: string): Promise<void>;
  send(userId: string, payload: { title: string; body: string; id: string }): Promise<void>;
}

/** Web push with VAPID keys from config; without keys it is off and sends nothing. */
export function createPush(db: Db, vapid: { publicKey: string; privateKey: string; subject: string } | undefined): Push {
  return {
    publicKey: vapid?.publicKey,
    async subscribe(userId, sub) {
      await db
        .insert(pushSubscriptions)
        .values({ endpoint: sub.endpoint, userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth } });
    },
    async unsubscribe(userId, endpoint) {
      const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
      if (rows[0]?.userId === userId) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },
    async send(userId, payload) {
      if (!vapid) return;
      const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      await Promise.all(
        subs.map(async (s) => {
          try {
            await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
              vapidDetails: vapid,
              TTL: 3600,
              timeout: 5000,
            });
          } catch (err) {
            // Gone or unknown subscriptions are dropped; others are tried again next time.
            const status = (err as { statusCode?: number }).statusCode;
            if (status === 404 || status === 410) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, s.endpoint));
            else throw err;
          }
        }),
      );
    },
  };
}
