import { randomBytes } from 'node:crypto';
import type { GenericEndpointContext } from 'better-auth';
import { deleteSessionCookie } from 'better-auth/cookies';
import { eq } from 'drizzle-orm';
import { MFA_LOCK_MINUTES, MFA_MAX_ATTEMPTS } from '../../../shared/auth/auth.js';
import type { Db } from '../../platform/db/client.js';
import { twoFactor } from '../../platform/db/schema/index.js';
import { fail } from './account-rules.js';

/**
 * The two-factor step of docs/product.md §2, shared by every way in. Better Auth's two-factor
 * plugin holds a password sign-in at the code step; a wallet login and a Google sign-in go through
 * the same hold here, so an authenticator cannot be skipped by choosing another door. The hold is
 * the plugin's own (a signed `two_factor` cookie naming a short-lived verification row, and its
 * attempt counter), so `/two-factor/verify-totp` finishes all of them the same way.
 */

/** The cookie the plugin reads, and how long a held sign-in waits for its code. */
const TWO_FACTOR_COOKIE = 'two_factor';
const HOLD_SECONDS = 600;

/** What a held sign-in answers, as the password sign-in does. */
export const SECOND_FACTOR_ANSWER = { twoFactorRedirect: true, twoFactorMethods: ['totp'] } as const;

/** Whether this account must give a code before it gets a session. */
export async function needsSecondFactor(ctx: GenericEndpointContext, userId: string): Promise<boolean> {
  const user = await ctx.context.internalAdapter.findUserById(userId);
  return Boolean((user as { twoFactorEnabled?: boolean | null } | null)?.twoFactorEnabled);
}

/** Holds a sign-in of `userId` at the code step: no session, a two-factor cookie instead. */
export async function holdForSecondFactor(ctx: GenericEndpointContext, userId: string): Promise<void> {
  const identifier = `2fa-${randomBytes(15).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + HOLD_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: userId, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: HOLD_SECONDS });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
}

/**
 * Turns a session a sign-in just made (Google's callback) back into a hold: the session is
 * deleted and its cookie expired before the browser ever uses it.
 */
export async function replaceNewSessionWithHold(ctx: GenericEndpointContext): Promise<boolean> {
  const made = ctx.context.newSession;
  if (!made || !(made.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) return false;
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(made.session.token);
  ctx.context.setNewSession(null);
  await holdForSecondFactor(ctx, made.user.id);
  return true;
}

/** The user a held sign-in is for, read from its two-factor cookie. */
export async function pendingTwoFactorUser(ctx: GenericEndpointContext): Promise<string | undefined> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const signed = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!signed) return undefined;
  const v = await ctx.context.internalAdapter.findVerificationValue(signed);
  return v?.value;
}

/**
 * After Google's callback: an account with an authenticator trades the session the callback made
 * for the hold a password sign-in gets, and the browser lands on the code step
 * (`?two_factor=required`). The callback's redirect is an error object of Better Auth's router.
 */
export async function holdGoogleSignIn(ctx: GenericEndpointContext, publicUrl: string): Promise<void> {
  const redirect = returnedOf(ctx) as { statusCode?: number; headers?: Headers } | undefined;
  if (redirect?.statusCode !== 302 || !(await replaceNewSessionWithHold(ctx))) return;
  const to = new URL(redirect.headers?.get('location') ?? '/app', publicUrl);
  if (to.origin !== new URL(publicUrl).origin) to.href = new URL('/app', publicUrl).href;
  to.searchParams.set('two_factor', 'required');
  throw ctx.redirect(to.pathname + to.search);
}

/** What the endpoint answered, as an after hook sees it. */
const returnedOf = (ctx: GenericEndpointContext): unknown => (ctx.context as { returned?: unknown }).returned;

const usedCodeKey = (userId: string, code: string) => `totp-used:${userId}:${code}`;
const codeOf = (ctx: GenericEndpointContext) => String((ctx.body as Record<string, unknown> | undefined)?.code ?? '');

/** A code works once: Better Auth alone would accept it again within its 30-second window. */
export async function refuseReusedCode(ctx: GenericEndpointContext): Promise<void> {
  const userId = (await pendingTwoFactorUser(ctx)) ?? ctx.context.session?.user.id;
  if (userId && (await ctx.context.internalAdapter.findVerificationValue(usedCodeKey(userId, codeOf(ctx))))) {
    throw fail('UNAUTHORIZED', 'This code was already used. Wait for the next one.', 'CODE_REUSED');
  }
}

/** After a code was accepted: remembered for two minutes, so it is not accepted again. */
export async function rememberUsedCode(ctx: GenericEndpointContext): Promise<void> {
  const userId = (returnedOf(ctx) as { user?: { id?: string } } | undefined)?.user?.id;
  const code = codeOf(ctx);
  if (!userId || !code) return;
  await ctx.context.internalAdapter.createVerificationValue({ identifier: usedCodeKey(userId, code), value: '1', expiresAt: new Date(Date.now() + 120_000) });
}

/** docs/product.md §8: a wrong code tells how many tries remain before the lockout, or that it came. */
export async function explainWrongCode(ctx: GenericEndpointContext, db: Db): Promise<void> {
  if ((returnedOf(ctx) as { statusCode?: number } | undefined)?.statusCode !== 401) return;
  const userId = await pendingTwoFactorUser(ctx);
  if (!userId) return;
  const [tf] = await db
    .select({ failed: twoFactor.failedVerificationCount, lockedUntil: twoFactor.lockedUntil })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  if (!tf) return;
  if (tf.lockedUntil && tf.lockedUntil > new Date()) {
    throw fail('UNAUTHORIZED', `Too many failed attempts. Your account is locked for ${MFA_LOCK_MINUTES} minutes.`, 'ACCOUNT_TEMPORARILY_LOCKED', {
      remaining_attempts: 0,
    });
  }
  throw fail('UNAUTHORIZED', 'Invalid code', 'INVALID_CODE', { remaining_attempts: Math.max(0, MFA_MAX_ATTEMPTS - (tf.failed ?? 0)) });
}
