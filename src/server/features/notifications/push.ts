import { and, asc, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../platform/db/client.js';
import { pushSubscriptions } from './schema.js';
import { HttpError } from '../../platform/http/errors.js';
import { isPrivateEndpoint } from '../../platform/http/outbound.js';

/** Browsers (push services) a user may receive notifications in; a new one beyond replaces the oldest. */
export const PUSH_MAX_PER_USER = 10;
export const PUSH_NOT_HTTPS = 'Push endpoints must use https.';
export const PUSH_PRIVATE_ADDRESS = 'Push endpoints must be on the public internet.';
export const PUSH_ENDPOINT_TAKEN = 'This browser already receives notifications for another account.';

export interface PushOptions {
  /** Off in production: pushes then go only to public addresses (a test push service is local). */
  allowPrivateEndpoints: boolean;
}

/** What the service worker shows; `url` is the app page a click opens. */
export interface PushPayload {
  title: string;
  body: string;
  id: string;
  url?: string;
}

export interface Push {
  /** The public VAPID key browsers subscribe with; undefined when web push is off. */
  publicKey: string | undefined;
  subscribe(userId: string, sub: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<void>;
  unsubscribe(userId: string, endpoint: string): Promise<void>;
  send(userId: string, payload: PushPayload): Promise<void>;
}

/** Web push with VAPID keys from config; without keys it is off and sends nothing. */
export function createPush(db: Db, vapid: { publicKey: string; privateKey: string; subject: string } | undefined, o: PushOptions): Push {
  /** The server will call this address: only https, and only the public internet in production. */
  async function checkEndpoint(endpoint: string) {
    if (new URL(endpoint).protocol !== 'https:') throw new HttpError(400, 'push_not_https', PUSH_NOT_HTTPS, { endpoint: PUSH_NOT_HTTPS });
    if (!o.allowPrivateEndpoints && (await isPrivateEndpoint(endpoint))) {
      throw new HttpError(400, 'push_private_address', PUSH_PRIVATE_ADDRESS, { endpoint: PUSH_PRIVATE_ADDRESS });
    }
  }

  return {
    publicKey: vapid?.publicKey,
    async subscribe(userId, sub) {
      await checkEndpoint(sub.endpoint);
      // An endpoint stays with the account that registered it: nobody can take over a browser's pushes.
      const [existing] = await db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
      if (existing && existing.userId !== userId) throw new HttpError(409, 'push_endpoint_taken', PUSH_ENDPOINT_TAKEN);
      await db
        .insert(pushSubscriptions)
        .values({ endpoint: sub.endpoint, userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { p256dh: sub.keys.p256dh, auth: sub.keys.auth } });
      const mine = await db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt));
      const extra = mine.slice(0, Math.max(0, mine.length - PUSH_MAX_PER_USER)).map((r) => r.endpoint);
      if (extra.length) await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.endpoint, extra)));
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
          // Checked again when sending: a name may point elsewhere now than when it was registered.
          if (!o.allowPrivateEndpoints && (await isPrivateEndpoint(s.endpoint))) return;
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
