// The wallet feature's face to the others: signed wallet messages (nonces, proofs), the wallets
// linked to an account, and the placeholder email of accounts made with a wallet.
import { randomUUID } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { and, eq, gt, lt } from 'drizzle-orm';
import {
  INVALID_LINK_MESSAGE,
  messageAge,
  MESSAGE_MAX_AGE_MS,
  parseLinkMessage,
  parseLoginMessage,
  type ParsedMessage,
  type WalletProof,
} from '../../../shared/wallet/wallet.js';
import type { Db } from '../../platform/db/client.js';
import { profileWallets, walletNonces } from '../../platform/db/schema/index.js';
import { verifyWalletSignature } from './signature.js';

/** Accounts made with a wallet have no email; Better Auth needs one, so they get a non-routable one. */
export const PLACEHOLDER_EMAIL_DOMAIN = 'wallet.placeholder.invalid';
export const isPlaceholderEmail = (email: string) => email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);

const refuse = (status: 'BAD_REQUEST' | 'UNAUTHORIZED', message: string, code: string) => new APIError(status, { message, code });

/** A nonce for the next signed wallet message: it must come back within five minutes, once. */
export async function issueWalletNonce(db: Db, now = Date.now()): Promise<{ nonce: string; expiresAt: Date }> {
  await db.delete(walletNonces).where(lt(walletNonces.expiresAt, new Date(now)));
  const nonce = randomUUID();
  const expiresAt = new Date(now + MESSAGE_MAX_AGE_MS);
  await db.insert(walletNonces).values({ uuid: nonce, expiresAt });
  return { nonce, expiresAt };
}

/**
 * Checks a signed wallet message: its format (it must name this deployment's host, and a link
 * message the account it links, `{ link: userId }`), its age (5 minutes, nothing from the future), the ed25519 signature, and that its uuid
 * is a nonce this server issued in the last five minutes and never accepted before: the nonce is
 * spent here, so a signature works once and only on the site that asked for it.
 */
export async function acceptWalletProof(db: Db, proof: WalletProof, kind: 'login' | { link: string }, host: string, now = Date.now()): Promise<ParsedMessage> {
  const parsed = kind === 'login' ? parseLoginMessage(proof.message, host) : parseLinkMessage(proof.message, host, kind.link);
  if (!parsed) throw refuse('BAD_REQUEST', kind === 'login' ? 'Invalid sign-in message' : INVALID_LINK_MESSAGE, 'INVALID_MESSAGE');
  const age = messageAge(parsed.timestamp, now);
  if (age === 'stale') throw refuse('UNAUTHORIZED', 'This signature has expired. Please sign again.', 'MESSAGE_EXPIRED');
  if (age === 'future') throw refuse('UNAUTHORIZED', 'This message is dated in the future. Check your clock and sign again.', 'MESSAGE_FROM_FUTURE');
  if (!verifyWalletSignature(proof.walletAddress, proof.message, proof.signature)) {
    throw refuse('UNAUTHORIZED', 'The signature does not match this wallet.', 'INVALID_SIGNATURE');
  }
  const spent = await db
    .delete(walletNonces)
    .where(and(eq(walletNonces.uuid, parsed.uuid), gt(walletNonces.expiresAt, new Date(now))))
    .returning({ uuid: walletNonces.uuid });
  if (spent.length === 0) throw refuse('UNAUTHORIZED', 'This signature was already used or has expired. Please sign again.', 'MESSAGE_REPLAYED');
  return parsed;
}

/** The wallets linked to an account (one, as linking replaces the link), each proved by its signature. */
export async function linkedWallets(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ address: profileWallets.walletAddress }).from(profileWallets).where(eq(profileWallets.userId, userId));
  return rows.map((r) => r.address);
}

/** The account a wallet is linked to, if any. */
export async function walletOwner(db: Db, address: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: profileWallets.userId }).from(profileWallets).where(eq(profileWallets.walletAddress, address)).limit(1);
  return row?.userId;
}
