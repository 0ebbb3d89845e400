import rateLimit, { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import { HttpError } from './errors.js';

/**
 * Request rate limits that every instance shares (docs/decisions/020-shared-rate-limits.md).
 *
 * `@fastify/rate-limit` counts; the counts live in the `rate_limit` table of the database every
 * instance already has, so ten instances on one PostgreSQL allow what one would, and no number of
 * other addresses makes a limit forget one: nothing is kept in memory.
 */

/** How often an instance deletes the rows whose window is over. */
const SWEEP_EVERY_MS = 60_000;

/**
 * One fixed window per key, counted with one atomic upsert: the first request of a window (or the
 * first after it ended) sets the count to 1 and the end to now + window; the others add 1. The
 * database's clock decides, so instances whose clocks differ still agree on the window.
 */
export async function countRequest(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const ended = sql`${rateLimits.expiresAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, expiresAt: sql`now() + make_interval(secs => ${windowMs / 1000}::double precision)` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
        expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({
      current: rateLimits.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.expiresAt} - now())) * 1000))::integer`,
    });
  return { current: row!.current, ttl: Number(row!.ttl) };
}

/** Deletes the counts whose window is over; they would start again at 1 anyway. */
export async function sweepRateLimits(db: Db): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lte(rateLimits.expiresAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return gone.length;
}

/** A store for `@fastify/rate-limit` over Glint's database (PGlite alone, PostgreSQL shared). */
export function databaseStore(db: Db, log: FastifyInstance['log']): FastifyRateLimitStoreCtor {
  let lastSweep = Date.now();
  const sweepNow = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    void sweepRateLimits(db).catch((err: unknown) => log.warn({ err }, 'rate limits: could not sweep ended windows'));
  };
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      sweepNow();
      countRequest(db, key, timeWindow).then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    // Keys carry their limit's name (see `byAddress`, `byAccount`), so every route shares one store.
    child() {
      return this;
    }
  };
}

/** A limit's key for the request's address; IPv6 addresses count by their /64, which one host usually has whole. */
export const byAddress = (name: string) => (req: FastifyRequest) => `${name}:addr:${normalizeIP(req.ip)}`;

/** A limit's key for an account. */
export const byAccount = (name: string, userId: string) => `${name}:user:${userId}`;

/** A limit's refusal in Glint's one error shape (docs/decisions/006-one-error-shape.md). */
export const refuseWith =
  (code: string, message: string): NonNullable<RateLimitOptions['errorResponseBuilder']> =>
  () =>
    new HttpError(429, code, message);

/**
 * Registers the limiter with the shared store. Nothing is limited unless a route asks for it,
 * with `config.rateLimit` (counted before the body is read) or `app.createRateLimit` (counted
 * where the handler decides, after its own checks).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(app.db, app.log),
    errorResponseBuilder: refuseWith('too_many_requests', 'Too many requests. Please wait a minute and try again.'),
  });
}

/** True when this request goes over the limit (it is counted either way). */
export async function overLimit(limit: ReturnType<FastifyInstance['createRateLimit']>, req: FastifyRequest): Promise<boolean> {
  const result = await limit(req);
  return !result.isAllowed && result.isExceeded;
}
