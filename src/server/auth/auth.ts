import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, genericOAuth, twoFactor, username } from 'better-auth/plugins';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  EmailSchema,
  LOGIN_LIMIT,
  MFA_MAX_ATTEMPTS,
  MFA_LOCK_MINUTES,
  PasswordSchema,
  SignupSchema,
  USERNAME_NOT_FOUND,
  TOO_MANY_LOGINS,
  LEAKED_PASSWORD,
  EMAIL_EXISTS,
  USERNAME_TAKEN,
} from '../../shared/auth.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import type { Mailer } from '../mail/mailer.js';
import { createProfileForUser, isUsernameTaken } from '../profiles/service.js';
import type { LeakedPasswordChecker } from './leaked-passwords.js';
import { renderMail } from './mails.js';
import { phantomWallet } from '../wallet/plugin.js';

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  leaked: LeakedPasswordChecker;
  log: FastifyBaseLogger;
}

/** The header the Fastify bridge sets to the caller's address (never taken from the client). */
export const CLIENT_IP_HEADER = 'x-glint-client-ip';
const SIGN_IN_PATHS = new Set(['/sign-in/email', '/sign-in/username']);

const fail = (status: 'BAD_REQUEST' | 'UNAUTHORIZED' | 'TOO_MANY_REQUESTS' | 'UNPROCESSABLE_ENTITY', message: string, code: string, extra: Record<string, unknown> = {}) =>
  new APIError(status, { message, code, ...extra });

const usedCodeKey = (userId: string, code: string) => `totp-used:${userId}:${code}`;

/** Glint's Better Auth: email+password, username login, Google over OIDC, TOTP, sessions in cookies. */
export function createAuth({ config, db, mailer, leaked, log }: AuthDeps) {
  const secure = config.publicUrl.startsWith('https://');

  /** The account key resolved before a sign-in, for its after hook (one lookup per sign-in). */
  const keyOfRequest = new WeakMap<Request, string | undefined>();

  /** Resolves who a sign-in is for, so the limit counts per account whatever identifier is typed. */
  async function accountKey(path: string, body: Record<string, unknown>, request?: Request): Promise<string | undefined> {
    if (request && keyOfRequest.has(request)) return keyOfRequest.get(request);
    const key = await lookUpAccountKey(path, body);
    if (request) keyOfRequest.set(request, key);
    return key;
  }

  async function lookUpAccountKey(path: string, body: Record<string, unknown>): Promise<string | undefined> {
    const id = String((path === '/sign-in/email' ? body.email : body.username) ?? '').trim().toLowerCase();
    if (!id) return undefined;
    const [row] = await db
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(path === '/sign-in/email' ? eq(sql`lower(${schema.user.email})`, id) : eq(schema.user.username, id))
      .limit(1);
    return row ? `user:${row.id}` : `id:${id}`;
  }

  async function recentFailures(key: string): Promise<number> {
    const since = new Date(Date.now() - LOGIN_LIMIT.windowMinutes * 60_000);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.loginFailures)
      .where(and(eq(schema.loginFailures.key, key), gt(schema.loginFailures.at, since)));
    return row?.n ?? 0;
  }

  const genericProviders = config.google
    ? [
        {
          providerId: 'google',
          name: 'Google',
          clientId: config.google.clientId,
          clientSecret: config.google.clientSecret,
          discoveryUrl: `${config.google.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
        },
      ]
    : [];

  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    logger: {
      log: (level, message, ...args) => {
        const fn = level === 'error' ? log.error.bind(log) : level === 'warn' ? log.warn.bind(log) : log.debug.bind(log);
        fn({ args }, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
    // OAuth errors land on /app with error and error_description, which the app toasts (SPEC.md §2).
    onAPIError: { errorURL: `${config.publicUrl}/app` },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 100,
      requireEmailVerification: false,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(renderMail('reset', { to: user.email, url }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(renderMail('verify', { to: user.email, url }));
      },
    },
    user: {
      changeEmail: { enabled: true },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    rateLimit: {
      enabled: config.env !== 'test',
      storage: 'database',
      window: 60,
      max: 300,
    },
    advanced: {
      cookiePrefix: 'glint',
      useSecureCookies: secure,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    },
    databaseHooks: {
      user: {
        create: {
          // SPEC.md §4: every account gets a profile the moment it exists.
          after: async (user) => {
            await createProfileForUser(db, user as typeof user & { username?: string | null; displayUsername?: string | null });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-up/email') {
          const parsed = SignupSchema.safeParse({
            username: body.username,
            displayName: body.displayUsername ?? body.name,
            email: body.email,
            password: body.password,
          });
          if (!parsed.success) throw fail('BAD_REQUEST', parsed.error.issues[0]!.message, 'INVALID_SIGNUP');
          if (await isUsernameTaken(db, parsed.data.username)) throw fail('UNPROCESSABLE_ENTITY', USERNAME_TAKEN, 'USERNAME_TAKEN');
          if (await leaked.isLeaked(parsed.data.password)) throw fail('BAD_REQUEST', LEAKED_PASSWORD, 'PASSWORD_COMPROMISED');
          const displayName = parsed.data.displayName || parsed.data.username;
          return {
            context: {
              body: { ...body, username: parsed.data.username, displayUsername: displayName, name: displayName, callbackURL: body.callbackURL ?? '/app' },
            },
          };
        }
        if (SIGN_IN_PATHS.has(ctx.path)) {
          if (ctx.path === '/sign-in/email' && !EmailSchema.safeParse(body.email).success) throw fail('BAD_REQUEST', 'Invalid email address', 'INVALID_EMAIL');
          const ip = ctx.request?.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
          const key = await accountKey(ctx.path, body, ctx.request);
          if ((key && (await recentFailures(key)) >= LOGIN_LIMIT.perAccount) || (await recentFailures(`ip:${ip}`)) >= config.loginLimitPerAddress) {
            throw fail('TOO_MANY_REQUESTS', TOO_MANY_LOGINS, 'RATE_LIMITED');
          }
          if (ctx.path === '/sign-in/username' && key?.startsWith('id:')) {
            await db.insert(schema.loginFailures).values([{ key: `ip:${ip}` }]);
            throw fail('UNAUTHORIZED', USERNAME_NOT_FOUND, 'USERNAME_NOT_FOUND');
          }
          return;
        }
        if (ctx.path === '/two-factor/verify-totp') {
          // A code works once: Better Auth alone would accept it again within its 30-second window.
          const userId = (await pendingTwoFactorUser(ctx)) ?? ctx.context.session?.user.id;
          if (userId && (await ctx.context.internalAdapter.findVerificationValue(usedCodeKey(userId, String(body.code ?? ''))))) {
            throw fail('UNAUTHORIZED', 'This code was already used. Wait for the next one.', 'CODE_REUSED');
          }
          return;
        }
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
          const pw = String(body.newPassword ?? '');
          const parsed = PasswordSchema.safeParse(pw);
          if (!parsed.success) throw fail('BAD_REQUEST', parsed.error.issues[0]!.message, 'INVALID_PASSWORD');
          if (await leaked.isLeaked(pw)) throw fail('BAD_REQUEST', LEAKED_PASSWORD, 'PASSWORD_COMPROMISED');
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError;
        if (ctx.path === '/sign-up/email' && failed && /already exists/i.test(returned.message)) {
          throw fail('UNPROCESSABLE_ENTITY', EMAIL_EXISTS, 'EMAIL_EXISTS');
        }
        if (SIGN_IN_PATHS.has(ctx.path)) {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const ip = ctx.request?.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
          const key = await accountKey(ctx.path, body, ctx.request);
          if (failed && returned.statusCode === 401 && key) {
            await db.insert(schema.loginFailures).values([{ key }, { key: `ip:${ip}` }]);
          } else if (!failed && key) {
            await db.delete(schema.loginFailures).where(eq(schema.loginFailures.key, key));
          }
          return;
        }
        if (ctx.path === '/two-factor/verify-totp' && !failed) {
          const userId = (returned as { user?: { id?: string } } | undefined)?.user?.id;
          const code = String((ctx.body as Record<string, unknown> | undefined)?.code ?? '');
          if (userId && code) {
            await ctx.context.internalAdapter.createVerificationValue({ identifier: usedCodeKey(userId, code), value: '1', expiresAt: new Date(Date.now() + 120_000) });
          }
          return;
        }
        // SPEC.md §8: a wrong code tells how many tries remain before the lockout.
        if (ctx.path === '/two-factor/verify-totp' && failed && returned.statusCode === 401) {
          const userId = await pendingTwoFactorUser(ctx);
          if (!userId) return;
          const [tf] = await db
            .select({ failed: schema.twoFactor.failedVerificationCount, lockedUntil: schema.twoFactor.lockedUntil })
            .from(schema.twoFactor)
            .where(eq(schema.twoFactor.userId, userId))
            .limit(1);
          if (!tf) return;
          const remaining = Math.max(0, MFA_MAX_ATTEMPTS - (tf.failed ?? 0));
          if (tf.lockedUntil && tf.lockedUntil > new Date()) {
            throw fail('UNAUTHORIZED', `Too many failed attempts. Your account is locked for ${MFA_LOCK_MINUTES} minutes.`, 'ACCOUNT_TEMPORARILY_LOCKED', {
              remaining_attempts: 0,
            });
          }
          throw fail('UNAUTHORIZED', 'Invalid code', 'INVALID_CODE', { remaining_attempts: remaining });
        }
      }),
    },
    plugins: [
      username({
        minUsernameLength: 1,
        maxUsernameLength: 30,
        // Our own rule (SPEC.md §5) runs in the sign-up hook; this keeps Better Auth from a second one.
        usernameValidator: () => true,
      }),
      twoFactor({
        issuer: PRODUCT_NAME,
        // Wallet accounts have no password; they may still protect themselves with an authenticator.
        allowPasswordless: true,
        accountLockout: { enabled: true, maxFailedAttempts: MFA_MAX_ATTEMPTS, durationSeconds: MFA_LOCK_MINUTES * 60 },
      }),
      genericOAuth({ config: genericProviders }),
      phantomWallet(db),
      // API clients and the native app send `Authorization: Bearer <token>` instead of the cookie.
      bearer(),
    ],
  });

  /** The user a half-finished two-factor sign-in belongs to, read from its signed cookie. */
  async function pendingTwoFactorUser(ctx: { getSignedCookie: (n: string, s: string) => Promise<string | null | false>; context: { secret: string; createAuthCookie: (n: string) => { name: string }; internalAdapter: { findVerificationValue: (id: string) => Promise<{ value: string } | null> } } }) {
    const cookie = ctx.context.createAuthCookie('two_factor');
    const signed = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!signed) return undefined;
    const v = await ctx.context.internalAdapter.findVerificationValue(signed);
    return v?.value;
  }
}

export type Auth = ReturnType<typeof createAuth>;
