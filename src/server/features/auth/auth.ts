import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { bearer, genericOAuth, twoFactor, username } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import {
  EmailSchema,
  MFA_MAX_ATTEMPTS,
  MFA_LOCK_MINUTES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_NOT_FOUND,
  TOO_MANY_LOGINS,
  EMAIL_EXISTS,
} from '../../../shared/auth/auth.js';
import { PRODUCT_NAME } from '../../../shared/platform/product.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import { user as userTable, session as sessionTable } from '../../access/schema.js';
import { account as accountTable, verification as verificationTable, twoFactor as twoFactorTable, rateLimit as rateLimitTable } from './schema.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { createProfileForUser, type AvatarImporter } from '../profiles/service.js';
import { promoteAdminEmails } from '../roles/service.js';
import type { LeakedPasswordChecker } from './leaked-passwords.js';
import { passwordHasher } from './password-hashing.js';
import { createLoginLimits, type SignInPath } from './login-limits.js';
import { checkNameUpdate, checkNewPassword, fail, signUpBody, syncProfileNames } from './account-rules.js';
import { renderMail } from './mails.js';
import { explainWrongCode, holdGoogleSignIn, refuseReusedCode, rememberUsedCode } from './second-factor.js';
import { phantomWallet } from './wallet-sign-in.js';
import { createSignInHooks } from './sign-in-hooks.js';
import { ACCOUNT_BANNED } from '../../../shared/moderation/moderation.js';
import { isBanned } from '../../access/standing.js';

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  leaked: LeakedPasswordChecker;
  log: FastifyBaseLogger;
  /** Copies a provider's picture (Google's) into the new account's own avatar. */
  importAvatar?: AvatarImporter;
  /** An account or a session was changed or removed: what is kept of who is signed in must go. */
  sessionsChanged?: () => void;
}

/** The header the Fastify bridge sets to the caller's address (never taken from the client). */
export const CLIENT_IP_HEADER = 'x-glint-client-ip';
const SIGN_IN_PATHS = new Set(['/sign-in/email', '/sign-in/username']);

/**
 * Glint's Better Auth: email+password, username login, Google over OIDC, TOTP, sessions in cookies.
 * `signIns` on it is where other features join a sign-in (see sign-in-hooks.ts).
 */
export function createAuth({ config, db, mailer, leaked, log, importAvatar, sessionsChanged = () => {} }: AuthDeps) {
  const secure = config.publicUrl.startsWith('https://');

  const limits = createLoginLimits(db, { perAddress: config.loginLimitPerAddress });
  const signIns = createSignInHooks();

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

  const auth = betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: userTable,
        session: sessionTable,
        account: accountTable,
        verification: verificationTable,
        twoFactor: twoFactorTable,
        rateLimit: rateLimitTable,
      },
    }),
    logger: {
      log: (level, message, ...args) => {
        const fn = level === 'error' ? log.error.bind(log) : level === 'warn' ? log.warn.bind(log) : log.debug.bind(log);
        fn({ args }, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
    // OAuth errors land on /app with error and error_description, which the app toasts (docs/product.md §2).
    onAPIError: { errorURL: `${config.publicUrl}/app` },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      requireEmailVerification: false,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      password: passwordHasher(config.passwordHashing),
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
      session: {
        create: {
          // Every way in (password, username, Google, wallet, the two-factor step) makes a session
          // here: a banned account gets none, and is told why (docs/product.md "Reports and moderation").
          before: async (session) => {
            if (await isBanned(db, session.userId)) throw fail('FORBIDDEN', ACCOUNT_BANNED, 'ACCOUNT_BANNED');
          },
          // Other features' part in a sign-in (privacy: signing in during the grace period cancels a
          // scheduled deletion), registered with `signIns` at startup.
          after: async (session) => {
            await signIns.signedIn(session.userId);
          },
        },
        // A session refreshed, signed out or revoked is not served from the session cache any more.
        update: { after: async () => sessionsChanged() },
        delete: { after: async () => sessionsChanged() },
      },
      user: {
        create: {
          // docs/product.md §4: every account gets a profile the moment it exists.
          after: async (user) => {
            await createProfileForUser(db, user as typeof user & { username?: string | null; displayUsername?: string | null }, importAvatar);
            // A Google account comes with its email confirmed: one of ADMIN_EMAILS is an admin at once.
            await promoteAdminEmails(db, config.adminEmails, user.id);
          },
        },
        update: {
          // An email confirmed (at sign-up or after a change) that is one of ADMIN_EMAILS makes an admin.
          after: async (user) => {
            await promoteAdminEmails(db, config.adminEmails, user.id);
            // Its email confirmed, its name or its two-factor setting changed: sessions show the account.
            sessionsChanged();
          },
        },
        delete: { after: async () => sessionsChanged() },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-up/email') return { context: { body: await signUpBody(db, leaked, body) } };
        if (ctx.path === '/update-user') {
          const me = await getSessionFromCtx(ctx);
          if (me) await checkNameUpdate(db, me.user.id, body);
          return;
        }
        if (SIGN_IN_PATHS.has(ctx.path)) {
          if (ctx.path === '/sign-in/email' && !EmailSchema.safeParse(body.email).success) throw fail('BAD_REQUEST', 'Invalid email address', 'INVALID_EMAIL');
          const ip = ctx.request?.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
          const key = await limits.accountKey(ctx.path as SignInPath, body, ctx.request);
          if (!(await limits.check(key, ip)).ok) throw fail('TOO_MANY_REQUESTS', TOO_MANY_LOGINS, 'RATE_LIMITED');
          if (ctx.path === '/sign-in/username' && key?.startsWith('id:')) {
            await limits.recordFailure(undefined, ip);
            throw fail('UNAUTHORIZED', USERNAME_NOT_FOUND, 'USERNAME_NOT_FOUND');
          }
          return;
        }
        if (ctx.path === '/two-factor/verify-totp') return refuseReusedCode(ctx);
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') await checkNewPassword(leaked, String(body.newPassword ?? ''));
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError;
        if (ctx.path === '/sign-up/email' && failed && /already exists/i.test(returned.message)) {
          throw fail('CONFLICT', EMAIL_EXISTS, 'EMAIL_EXISTS');
        }
        if (ctx.path === '/update-user' && !failed) {
          const userId = ctx.context.session?.user.id;
          if (userId) await syncProfileNames(db, userId, (ctx.body ?? {}) as Record<string, unknown>);
          return;
        }
        if (SIGN_IN_PATHS.has(ctx.path)) {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const ip = ctx.request?.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
          const key = await limits.accountKey(ctx.path as SignInPath, body, ctx.request);
          if (failed && returned.statusCode === 401 && key) await limits.recordFailure(key, ip);
          else if (!failed && key) await limits.recordSuccess(key, ip);
          return;
        }
        // docs/product.md §2: Google does not skip the code step either.
        if (ctx.path?.startsWith('/callback/')) return holdGoogleSignIn(ctx, config.publicUrl);
        if (ctx.path === '/two-factor/verify-totp') return failed ? explainWrongCode(ctx, db) : rememberUsedCode(ctx);
      }),
    },
    plugins: [
      username({
        minUsernameLength: 1,
        maxUsernameLength: 30,
        // Our own rule (docs/product.md §5) runs in the sign-up hook; this keeps Better Auth from a second one.
        usernameValidator: () => true,
      }),
      twoFactor({
        issuer: PRODUCT_NAME,
        // Wallet accounts have no password; they may still protect themselves with an authenticator.
        allowPasswordless: true,
        accountLockout: { enabled: true, maxFailedAttempts: MFA_MAX_ATTEMPTS, durationSeconds: MFA_LOCK_MINUTES * 60 },
      }),
      genericOAuth({ config: genericProviders }),
      phantomWallet(db, new URL(config.publicUrl).host),
      // API clients and the native app send `Authorization: Bearer <token>` instead of the cookie.
      bearer(),
    ],
  });
  return Object.assign(auth, { signIns });
}

export type Auth = ReturnType<typeof createAuth>;
