import { randomUUID } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, sendVerificationEmailFn, sessionMiddleware } from 'better-auth/api';
import { z } from 'zod';
import { EMAIL_EXISTS, EmailSchema } from '../../shared/auth.js';
import { setSessionCookie } from 'better-auth/cookies';
import { and, eq, lt } from 'drizzle-orm';
import {
  DISPLAY_NAME_TAKEN,
  INVALID_LINK_MESSAGE,
  messageAge,
  MESSAGE_MAX_AGE_MS,
  parseLinkMessage,
  parseLoginMessage,
  USERNAME_TAKEN,
  WALLET_LINKED_ELSEWHERE,
  WALLET_NOT_REGISTERED,
  WalletProofSchema,
  WalletRegistrationSchema,
  type ParsedMessage,
  type WalletProof,
} from '../../shared/wallet.js';
import type { Db } from '../db/client.js';
import { profiles, profileWallets, walletNonces } from '../db/schema/index.js';
import { isDisplayNameTaken, isUsernameTaken } from '../profiles/service.js';
import { verifyWalletSignature } from './signature.js';

/** Accounts made with a wallet have no email; Better Auth needs one, so they get a non-routable one. */
export const PLACEHOLDER_EMAIL_DOMAIN = 'wallet.placeholder.invalid';
export const isPlaceholderEmail = (email: string) => email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);

const refuse = (status: 'BAD_REQUEST' | 'UNAUTHORIZED' | 'CONFLICT' | 'NOT_FOUND', message: string, code: string) =>
  new APIError(status, { message, code });

/**
 * Checks a signed wallet message: its format, its age (5 minutes, nothing from the future), the
 * ed25519 signature, and that its uuid was never accepted before (stored until it would be stale).
 */
export async function acceptWalletProof(db: Db, proof: WalletProof, kind: 'login' | 'link', now = Date.now()): Promise<ParsedMessage> {
  const parsed = kind === 'login' ? parseLoginMessage(proof.message) : parseLinkMessage(proof.message);
  if (!parsed) throw refuse('BAD_REQUEST', kind === 'link' ? INVALID_LINK_MESSAGE : 'Invalid sign-in message', 'INVALID_MESSAGE');
  const age = messageAge(parsed.timestamp, now);
  if (age === 'stale') throw refuse('UNAUTHORIZED', 'This signature has expired. Please sign again.', 'MESSAGE_EXPIRED');
  if (age === 'future') throw refuse('UNAUTHORIZED', 'This message is dated in the future. Check your clock and sign again.', 'MESSAGE_FROM_FUTURE');
  if (!verifyWalletSignature(proof.walletAddress, proof.message, proof.signature)) {
    throw refuse('UNAUTHORIZED', 'The signature does not match this wallet.', 'INVALID_SIGNATURE');
  }
  // Forget nonces whose messages are stale anyway, then claim this one; a second claim is a replay.
  await db.delete(walletNonces).where(lt(walletNonces.expiresAt, new Date(now)));
  const claimed = await db
    .insert(walletNonces)
    .values({ uuid: parsed.uuid, expiresAt: new Date(parsed.timestamp + MESSAGE_MAX_AGE_MS) })
    .onConflictDoNothing()
    .returning({ uuid: walletNonces.uuid });
  if (claimed.length === 0) throw refuse('UNAUTHORIZED', 'This signature was already used. Please sign again.', 'MESSAGE_REPLAYED');
  return parsed;
}

async function walletOwner(db: Db, address: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: profileWallets.userId }).from(profileWallets).where(eq(profileWallets.walletAddress, address)).limit(1);
  return row?.userId;
}

/** Glint's Phantom sign-in for Better Auth: register, log in, link and disconnect a Solana wallet. */
export function phantomWallet(db: Db) {
  return {
    id: 'phantom-wallet',
    endpoints: {
      loginWithWallet: createAuthEndpoint('/login-with-wallet', { method: 'POST', body: WalletProofSchema }, async (ctx) => {
        await acceptWalletProof(db, ctx.body, 'login');
        const userId = await walletOwner(db, ctx.body.walletAddress);
        if (!userId) throw refuse('NOT_FOUND', WALLET_NOT_REGISTERED, 'WALLET_NOT_REGISTERED');
        const user = await ctx.context.internalAdapter.findUserById(userId);
        if (!user) throw refuse('NOT_FOUND', WALLET_NOT_REGISTERED, 'WALLET_NOT_REGISTERED');
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId: user.id, session: { expiresAt: session.expiresAt } });
      }),

      registerWithWallet: createAuthEndpoint('/register-with-wallet', { method: 'POST', body: WalletRegistrationSchema }, async (ctx) => {
        const { walletAddress, username, displayName } = ctx.body;
        await acceptWalletProof(db, ctx.body, 'login');
        if (await walletOwner(db, walletAddress)) throw refuse('CONFLICT', WALLET_LINKED_ELSEWHERE, 'WALLET_TAKEN');
        if (await isUsernameTaken(db, username)) throw refuse('CONFLICT', USERNAME_TAKEN, 'USERNAME_TAKEN');
        if (await isDisplayNameTaken(db, displayName)) throw refuse('CONFLICT', DISPLAY_NAME_TAKEN, 'DISPLAY_NAME_TAKEN');
        // The wallet's signature proves who this is; there is no email to confirm (one can be added later).
        const user = await ctx.context.internalAdapter.createUser({
          name: displayName,
          email: `wallet-${randomUUID()}@${PLACEHOLDER_EMAIL_DOMAIN}`,
          emailVerified: true,
          username: username.toLowerCase(),
          displayUsername: displayName,
        }, { method: 'phantom-wallet' });
        await db.update(profiles).set({ username, publicWalletAddress: walletAddress }).where(eq(profiles.id, user.id));
        await db.insert(profileWallets).values({ userId: user.id, walletAddress });
        await ctx.context.internalAdapter.createAccount({ userId: user.id, providerId: 'phantom', accountId: walletAddress });
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId: user.id, session: { expiresAt: session.expiresAt } });
      }),

      verifyWallet: createAuthEndpoint('/verify-wallet', { method: 'POST', body: WalletProofSchema, use: [sessionMiddleware] }, async (ctx) => {
        const userId = ctx.context.session.user.id;
        await acceptWalletProof(db, ctx.body, 'link');
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

      // SPEC.md §1: a wallet account can add an email later in settings; it is confirmed by link.
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
