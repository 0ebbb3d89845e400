import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { TOKEN_CHAIN_UNREACHABLE, TOKEN_FACTS_MAX_AGE_MS, TOKEN_NOT_FOUND, tokenControllers } from '../../../shared/tokens/token-rules.js';
import type { Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import { profileWallets } from '../wallet/schema.js';
import type { ChainToken, TokenChain } from './chain.js';
import { tokens } from './schema.js';

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
}

/**
 * The chain's facts about tokens, kept in `tokens`. Asked for one token by many at once, this
 * instance reads the chain once. A token whose metadata URI is new gets its picture fetched by a job.
 */
export function createTokenFacts(db: Db, chain: TokenChain, log: FastifyBaseLogger, onNewUri: (mint: string) => Promise<unknown>): TokenFacts {
  const reading = new Map<string, Promise<TokenRow | null>>();

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

  return {
    async get(mint) {
      const [kept] = await db.select().from(tokens).where(eq(tokens.mint, mint));
      if (kept && Date.now() - kept.readAt.getTime() < TOKEN_FACTS_MAX_AGE_MS) return kept;
      let p = reading.get(mint);
      if (!p) {
        p = read(mint, kept).finally(() => reading.delete(mint));
        reading.set(mint, p);
      }
      return p;
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
