import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  TOKEN_CHAIN_UNREACHABLE,
  TOKEN_FACTS_MAX_AGE_MS,
  TOKEN_HOLDING_MAX_AGE_MS,
  TOKEN_NOT_FOUND,
  tokenControllers,
} from '../../../shared/tokens/token-rules.js';
import type { Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import { profileWallets } from '../wallet/schema.js';
import type { ChainToken, TokenChain } from './chain.js';
import { tokenHoldings, tokens } from './schema.js';
import { singleFlight } from './single-flight.js';

export type TokenRow = typeof tokens.$inferSelect;

/** The queue that fetches a token's picture from its metadata. */
export const TOKEN_IMAGE_QUEUE = 'tokens.image';

export interface TokenFacts {
  /**
   * The token at `mint` as the chain has it, read again when what is kept is older than
   * `TOKEN_FACTS_MAX_AGE_MS`. Null when no mint is there; when the chain cannot be reached, what
   * is kept (however old), else a 503.
   */
  get(mint: string): Promise<TokenRow | null>;
  /**
   * How much of `mint` the user's linked wallets hold together, in base units (0 without a wallet).
   * `cached` answers at once from what is kept, refreshing a stale or missing reading in the
   * background (a chat badge never holds a message back), and is null when nothing is known yet;
   * `now` reads the chain first for any wallet whose reading is stale (a gate: holders-only chat).
   */
  holding(userId: string, mint: string, fresh: 'cached' | 'now'): Promise<bigint | null>;
}

/**
 * The chain's facts about tokens, kept in `tokens`. Asked for one token by many at once, this
 * instance reads the chain once. A token whose metadata URI is new gets its picture fetched by a job.
 */
export function createTokenFacts(db: Db, chain: TokenChain, log: FastifyBaseLogger, onNewUri: (mint: string) => Promise<unknown>): TokenFacts {
  const reading = singleFlight<TokenRow | null>();

  const read = async (mint: string, kept: TokenRow | undefined): Promise<TokenRow | null> => {
    let token: ChainToken | null;
    try {
      token = await chain.read(mint);
    } catch (err) {
      log.warn({ err, mint }, 'tokens: could not read the chain');
      if (kept) return kept;
      throw new HttpError(503, 'chain_unavailable', TOKEN_CHAIN_UNREACHABLE);
    }
    if (!token) return null;
    const values = { ...token, controllers: tokenControllers(token), readAt: new Date() };
    const [row] = await db.insert(tokens).values(values).onConflictDoUpdate({ target: tokens.mint, set: values }).returning();
    if (row!.uri && row!.uri !== row!.imageFrom) await onNewUri(mint).catch((err: unknown) => log.warn({ err, mint }, 'tokens: could not queue the picture'));
    return row!;
  };

  const refreshing = new Map<string, Promise<bigint>>();
  /** Reads one wallet's balance and keeps it; one read at a time per wallet and token on this instance. */
  const readHolding = (wallet: string, mint: string): Promise<bigint> => {
    const key = `${wallet}:${mint}`;
    let p = refreshing.get(key);
    if (!p) {
      p = chain
        .balance(wallet, mint)
        .then(async (amount) => {
          const values = { wallet, mint, amount: amount.toString(), readAt: new Date() };
          await db
            .insert(tokenHoldings)
            .values(values)
            .onConflictDoUpdate({ target: [tokenHoldings.wallet, tokenHoldings.mint], set: values });
          return amount;
        })
        .finally(() => refreshing.delete(key));
      refreshing.set(key, p);
    }
    return p;
  };

  return {
    async holding(userId, mint, fresh) {
      const wallets = (await db.select({ w: profileWallets.walletAddress }).from(profileWallets).where(eq(profileWallets.userId, userId))).map((r) => r.w);
      if (!wallets.length) return 0n;
      const kept = await db
        .select()
        .from(tokenHoldings)
        .where(and(inArray(tokenHoldings.wallet, wallets), eq(tokenHoldings.mint, mint)));
      const byWallet = new Map(kept.map((k) => [k.wallet, k]));
      const stale = wallets.filter((w) => {
        const k = byWallet.get(w);
        return !k || Date.now() - k.readAt.getTime() >= TOKEN_HOLDING_MAX_AGE_MS;
      });
      if (fresh === 'now') {
        const read = await Promise.all(stale.map((w) => readHolding(w, mint)));
        const known = wallets.filter((w) => !stale.includes(w)).reduce((sum, w) => sum + BigInt(byWallet.get(w)!.amount), 0n);
        return read.reduce((sum, a) => sum + a, known);
      }
      for (const w of stale) void readHolding(w, mint).catch((err: unknown) => log.warn({ err: String(err), mint }, 'tokens: could not read a balance'));
      if (!kept.length) return null;
      return kept.reduce((sum, k) => sum + BigInt(k.amount), 0n);
    },
    async get(mint) {
      const [kept] = await db.select().from(tokens).where(eq(tokens.mint, mint));
      if (kept && Date.now() - kept.readAt.getTime() < TOKEN_FACTS_MAX_AGE_MS) return kept;
      return reading(mint, () => read(mint, kept));
    },
  };
}

/** The token, or the 400 a form shows under its mint field. */
export async function requireToken(facts: TokenFacts, mint: string): Promise<TokenRow> {
  const row = await facts.get(mint);
  if (!row) throw new HttpError(400, 'token_not_found', TOKEN_NOT_FOUND, { 'token.mint': TOKEN_NOT_FOUND });
  return row;
}

/** Whether one of `userId`'s linked wallets is behind the token at `mint` (SQL, for a list's rows). */
export function creatorsTokenSql(mint: SQLWrapper, userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${tokens} t join ${profileWallets} w on w.wallet_address = any(t.controllers)
    where t.mint = ${mint} and w.user_id = ${userId})`;
}

/** Whether one of `userId`'s linked wallets is behind this token. */
export async function isCreatorsToken(db: Db, mint: string, userId: string): Promise<boolean> {
  const res = (await db.execute(sql`select ${creatorsTokenSql(sql`${mint}`, sql`${userId}`)} as proven`)) as unknown as { rows: { proven: boolean }[] };
  return !!res.rows[0]?.proven;
}

/** A stream's token as its card shows it: the chain's name, symbol and picture, and the proof; null without a token. */
export function streamTokenSql(mint: SQLWrapper, ownerId: SQLWrapper) {
  return sql<{ symbol: string | null; name: string | null; imageUrl: string | null; proven: boolean } | null>`(
    select json_build_object('symbol', t.symbol, 'name', t.name, 'imageUrl', t.image_url, 'proven', ${creatorsTokenSql(sql`t.mint`, ownerId)})
    from ${tokens} t where t.mint = ${mint})`;
}

export async function setTokenImage(db: Db, mint: string, imageUrl: string | null, from: string): Promise<void> {
  await db.update(tokens).set({ imageUrl, imageFrom: from }).where(eq(tokens.mint, mint));
}

export async function getTokenRow(db: Db, mint: string): Promise<TokenRow | undefined> {
  const [row] = await db.select().from(tokens).where(eq(tokens.mint, mint));
  return row;
}
