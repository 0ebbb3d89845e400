import { randomUUID } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, sendVerificationEmailFn, sessionMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { EMAIL_EXISTS, EmailSchema } from '../../../shared/auth/auth.js';
import {
  DISPLAY_NAME_TAKEN,
  USERNAME_TAKEN,
  WALLET_LINKED_ELSEWHERE,
  WALLET_NOT_REGISTERED,
  WalletProofSchema,
  WalletRegistrationSchema,
} from '../../../shared/wallet/wallet.js';
import type { Db } from '../../platform/db/client.js';
import { account as authAccount, profiles, profileWallets, user as authUser } from '../../platform/db/schema/index.js';
import { isDisplayNameTaken, isUsernameTaken } from '../profiles/service.js';
import { acceptWalletProof, isPlaceholderEmail, issueWalletNonce, PLACEHOLDER_EMAIL_DOMAIN, walletOwner } from '../wallet/service.js';
import { holdForSecondFactor, SECOND_FACTOR_ANSWER } from './second-factor.js';

const refuse = (status: 'BAD_REQUEST' | 'CONFLICT' | 'NOT_FOUND', message: string, code: string) => new APIError(status, { message, code });

/**
 * Glint's Phantom sign-in for Better Auth: a nonce to sign, register, log in, link and disconnect
 * a Solana wallet. `host` is this deployment's (PUBLIC_URL's): sign-in messages must name it.
 * It lives with auth because it is a way in (it makes accounts and sessions and holds for the
 * second factor); the wallet feature checks the signed messages and knows the linked wallets.
 */
export function phantomWallet(db: Db, host: string) {
  return {
    id: 'phantom-wallet',
    endpoints: {
      walletNonce: createAuthEndpoint('/wallet-nonce', { method: 'GET' }, async (ctx) => {
        const { nonce, expiresAt } = await issueWalletNonce(db);
        return ctx.json({ nonce, host, expiresAt });
      }),

      loginWithWallet: createAuthEndpoint('/login-with-wallet', { method: 'POST', body: WalletProofSchema }, async (ctx) => {
        await acceptWalletProof(db, ctx.body, 'login', host);
        const userId = await walletOwner(db, ctx.body.walletAddress);
        if (!userId) throw refuse('NOT_FOUND', WALLET_NOT_REGISTERED, 'WALLET_NOT_REGISTERED');
        const user = await ctx.context.internalAdapter.findUserById(userId);
        if (!user) throw refuse('NOT_FOUND', WALLET_NOT_REGISTERED, 'WALLET_NOT_REGISTERED');
        // docs/product.md §2: an account with an authenticator gives its code here too.
        if ((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) {
          await holdForSecondFactor(ctx, user.id);
          return ctx.json({ userId: user.id, ...SECOND_FACTOR_ANSWER });
        }
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId: user.id, session: { expiresAt: session.expiresAt } });
      }),

      registerWithWallet: createAuthEndpoint('/register-with-wallet', { method: 'POST', body: WalletRegistrationSchema }, async (ctx) => {
        const { walletAddress, username, displayName } = ctx.body;
        await acceptWalletProof(db, ctx.body, 'login', host);
        if (await walletOwner(db, walletAddress)) throw refuse('CONFLICT', WALLET_LINKED_ELSEWHERE, 'WALLET_TAKEN');
        if (await isUsernameTaken(db, username)) throw refuse('CONFLICT', USERNAME_TAKEN, 'USERNAME_TAKEN');
        if (await isDisplayNameTaken(db, displayName)) throw refuse('CONFLICT', DISPLAY_NAME_TAKEN, 'DISPLAY_NAME_TAKEN');
        // The wallet's signature proves who this is; there is no email to confirm (one can be added
        // later). Account, profile, wallet link and sign-in method are written in one transaction:
        // a failure halfway leaves no half-made account behind.
        const id = randomUUID().replace(/-/g, '');
        const user = await db.transaction(async (tx) => {
          const [made] = await tx
            .insert(authUser)
            .values({
              id,
              name: displayName,
              email: `wallet-${randomUUID()}@${PLACEHOLDER_EMAIL_DOMAIN}`,
              emailVerified: true,
              username: username.toLowerCase(),
              displayUsername: displayName,
            })
            .returning();
          await tx.insert(profiles).values({ id, username, displayName, publicWalletAddress: walletAddress });
          await tx.insert(profileWallets).values({ userId: id, walletAddress });
          await tx.insert(authAccount).values({ id: randomUUID().replace(/-/g, ''), userId: id, providerId: 'phantom', accountId: walletAddress });
          return made!;
        });
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId: user.id, session: { expiresAt: session.expiresAt } });
      }),

      verifyWallet: createAuthEndpoint('/verify-wallet', { method: 'POST', body: WalletProofSchema, use: [sessionMiddleware] }, async (ctx) => {
        const userId = ctx.context.session.user.id;
        await acceptWalletProof(db, ctx.body, { link: userId }, host);
        const owner = await walletOwner(db, ctx.body.walletAddress);
        if (owner && owner !== userId) throw refuse('CONFLICT', WALLET_LINKED_ELSEWHERE, 'WALLET_TAKEN');
        if (!owner) {
          // One wallet per account: linking a new one replaces the old link.
          await db.delete(profileWallets).where(eq(profileWallets.userId, userId));
          await db.insert(profileWallets).values({ userId, walletAddress: ctx.body.walletAddress });
        }
        await db.update(profiles).set({ publicWalletAddress: ctx.body.walletAddress }).where(eq(profiles.id, userId));
        return ctx.json({ success: true, walletAddress: ctx.body.walletAddress });
      }),

      // docs/product.md §1: a wallet account can add an email later in settings; it is confirmed by link.
      addEmail: createAuthEndpoint(
        '/add-email',
        { method: 'POST', body: z.object({ email: EmailSchema, callbackURL: z.string().startsWith('/').optional() }), use: [sessionMiddleware] },
        async (ctx) => {
          const current = ctx.context.session.user;
          if (!isPlaceholderEmail(current.email)) throw refuse('BAD_REQUEST', 'Your account already has an email address.', 'HAS_EMAIL');
          const email = ctx.body.email.toLowerCase();
          if (await ctx.context.internalAdapter.findUserByEmail(email)) throw refuse('CONFLICT', EMAIL_EXISTS, 'EMAIL_EXISTS');
          const updated = await ctx.context.internalAdapter.updateUser(current.id, { email, emailVerified: false });
          await sendVerificationEmailFn(ctx, updated);
          return ctx.json({ success: true, email });
        },
      ),

      disconnectWallet: createAuthEndpoint('/disconnect-wallet', { method: 'POST', use: [sessionMiddleware] }, async (ctx) => {
        const userId = ctx.context.session.user.id;
        await db.delete(profileWallets).where(and(eq(profileWallets.userId, userId)));
        await db.update(profiles).set({ publicWalletAddress: null }).where(eq(profiles.id, userId));
        return ctx.json({ success: true });
      }),
    },
  } satisfies BetterAuthPlugin;
}
