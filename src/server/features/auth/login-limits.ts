import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { LOGIN_LIMIT } from '../../../shared/auth/auth.js';
import type { Db } from '../../platform/db/client.js';
import * as schema from '../../platform/db/schema/index.js';

/**
 * Failed sign-ins, counted so that guessing is slow and a victim is never locked out
 * (docs/security.md, "Sign-in"):
 * - per account *and* address: after `LOGIN_LIMIT.perAccount` failures in the window, that
 *   address is refused for that account ('Too many login attempts…'); the owner elsewhere is not;
 * - per address, across accounts: `perAddress` failures and the address is refused;
 * - per account, from anywhere: beyond `perAccount` failures every further attempt waits a
 *   growing delay, so spreading guesses over many addresses stays slow without blocking anyone.
 */
export type SignInPath = '/sign-in/email' | '/sign-in/username';

export interface LoginLimitOptions {
  perAddress: number;
  /** Sleeps; tests pass one that records instead. */
  sleep?: (ms: number) => Promise<void>;
}

export type LoginVerdict = { ok: true } | { ok: false; reason: 'address' | 'account-at-address' };

/** The wait before an attempt on an account that has failed `failures` times lately: 0, then 250 ms doubling, at most 8 s. */
export function loginDelayMs(failures: number): number {
  const over = failures - LOGIN_LIMIT.perAccount;
  return over < 0 ? 0 : Math.min(250 * 2 ** over, 8000);
}

export function createLoginLimits(db: Db, o: LoginLimitOptions) {
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  /** The account key resolved before a sign-in, for its after hook (one lookup per sign-in). */
  const keyOfRequest = new WeakMap<Request, string | undefined>();
  const windowStart = () => new Date(Date.now() - LOGIN_LIMIT.windowMinutes * 60_000);

  async function lookUpAccountKey(path: SignInPath, body: Record<string, unknown>): Promise<string | undefined> {
    const id = String((path === '/sign-in/email' ? body.email : body.username) ?? '')
      .trim()
      .toLowerCase();
    if (!id) return undefined;
    const [row] = await db
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(path === '/sign-in/email' ? eq(sql`lower(${schema.user.email})`, id) : eq(schema.user.username, id))
      .limit(1);
    return row ? `user:${row.id}` : `id:${id}`;
  }

  async function recentFailures(key: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.loginFailures)
      .where(and(eq(schema.loginFailures.key, key), gt(schema.loginFailures.at, windowStart())));
    return row?.n ?? 0;
  }

  const atAddress = (account: string, ip: string) => `${account}@ip:${ip}`;

  return {
    /** Who a sign-in is for ('user:<id>', or 'id:<typed>' for no such account), whatever identifier is typed. */
    async accountKey(path: SignInPath, body: Record<string, unknown>, request?: Request): Promise<string | undefined> {
      if (request && keyOfRequest.has(request)) return keyOfRequest.get(request);
      const key = await lookUpAccountKey(path, body);
      if (request) keyOfRequest.set(request, key);
      return key;
    },

    /** Before a sign-in: refuse a hammering address, and slow down attempts on a much-guessed account. */
    async check(account: string | undefined, ip: string): Promise<LoginVerdict> {
      if ((await recentFailures(`ip:${ip}`)) >= o.perAddress) return { ok: false, reason: 'address' };
      if (!account) return { ok: true };
      if ((await recentFailures(atAddress(account, ip))) >= LOGIN_LIMIT.perAccount) return { ok: false, reason: 'account-at-address' };
      const delay = loginDelayMs(await recentFailures(account));
      if (delay) await sleep(delay);
      return { ok: true };
    },

    /** A failed attempt counts for the address, the account at that address, and the account. */
    async recordFailure(account: string | undefined, ip: string): Promise<void> {
      const keys = [{ key: `ip:${ip}` }, ...(account ? [{ key: account }, { key: atAddress(account, ip) }] : [])];
      await db.insert(schema.loginFailures).values(keys);
      // The table keeps only the window: older rows are deleted as new ones come.
      await db.delete(schema.loginFailures).where(lt(schema.loginFailures.at, windowStart()));
    },

    /** A success forgets that account's failures (the address's own count stays). */
    async recordSuccess(account: string, ip: string): Promise<void> {
      await db.delete(schema.loginFailures).where(eq(schema.loginFailures.key, account));
      await db.delete(schema.loginFailures).where(eq(schema.loginFailures.key, atAddress(account, ip)));
    },
  };
}

export type LoginLimits = ReturnType<typeof createLoginLimits>;
