// A token's price, market cap, 24 h change and recent candles, from a market data source behind
// one interface. The source speaks Birdeye's public API shape (`/defi/token_overview`,
// `/defi/ohlcv`); another provider is one more implementation of `MarketSource`.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { MARKET_REFRESH_SECONDS } from '../../../shared/tokens/token-rules.js';
import type { Candle, TokenMarket } from '../../../shared/tokens/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { tokenMarkets } from './schema.js';
import { singleFlight } from './single-flight.js';

export interface MarketQuote {
  priceUsd: number | null;
  marketCapUsd: number | null;
  change24hPct: number | null;
}

export interface MarketSource {
  quote(mint: string, signal: AbortSignal): Promise<MarketQuote>;
  /** The last day in 15-minute candles, oldest first. */
  candles(mint: string, signal: AbortSignal): Promise<Candle[]>;
}

/** The longest one read of the source may take: a slow source leaves the page with what is kept. */
const SOURCE_TIMEOUT_MS = 4000;
const CANDLE_SECONDS = 15 * 60;

const num = z.number().finite().nullable().optional();
const Overview = z.object({
  data: z.object({ price: num, marketCap: num, mc: num, priceChange24hPercent: num }),
});
const Ohlcv = z.object({
  data: z.object({ items: z.array(z.object({ unixTime: z.number().int(), o: z.number(), h: z.number(), l: z.number(), c: z.number() })).max(2000) }),
});

/** A Birdeye-style API at `url` (its key, when it needs one, sent as `X-API-KEY`). */
export function birdeyeSource(url: string, apiKey: string | undefined): MarketSource {
  const get = async (path: string, signal: AbortSignal) => {
    const res = await fetch(`${url}${path}`, {
      signal,
      headers: { accept: 'application/json', 'x-chain': 'solana', ...(apiKey ? { 'x-api-key': apiKey } : {}) },
    });
    if (!res.ok) throw new Error(`market data source answered ${res.status}`);
    return res.json() as Promise<unknown>;
  };
  return {
    async quote(mint, signal) {
      const { data } = Overview.parse(await get(`/defi/token_overview?address=${encodeURIComponent(mint)}`, signal));
      return { priceUsd: data.price ?? null, marketCapUsd: data.marketCap ?? data.mc ?? null, change24hPct: data.priceChange24hPercent ?? null };
    },
    async candles(mint, signal) {
      const to = Math.floor(Date.now() / 1000);
      const from = to - 86_400;
      const { data } = Ohlcv.parse(await get(`/defi/ohlcv?address=${encodeURIComponent(mint)}&type=15m&time_from=${from}&time_to=${to}`, signal));
      return data.items
        .map((i) => ({ time: Math.floor(i.unixTime / CANDLE_SECONDS) * CANDLE_SECONDS, open: i.o, high: i.h, low: i.l, close: i.c }))
        .sort((a, b) => a.time - b.time)
        .filter((c, k, all) => k === 0 || all[k - 1]!.time !== c.time);
    },
  };
}

export interface Markets {
  /** The token's market as kept, read from the source first when it is older than the refresh interval and no instance is reading it. */
  get(mint: string): Promise<TokenMarket>;
}

type Row = typeof tokenMarkets.$inferSelect;

const view = (row: Row | undefined): TokenMarket => ({
  configured: true,
  priceUsd: row?.quote?.priceUsd ?? null,
  marketCapUsd: row?.quote?.marketCapUsd ?? null,
  change24hPct: row?.quote?.change24hPct ?? null,
  candles: row?.candles ?? [],
  asOf: row?.fetchedAt?.toISOString() ?? null,
});

/**
 * Markets kept in `token_markets`. However many viewers ask, the source is read once per token per
 * `MARKET_REFRESH_SECONDS`: an instance claims the read in the database (the claim lasts that
 * long), and the others answer with what is kept meanwhile. On one instance, viewers asking while
 * it reads wait for that read. A source that fails or is slow leaves what was kept.
 */
export function createMarkets(db: Db, source: MarketSource | undefined, log: FastifyBaseLogger): Markets {
  const reading = singleFlight<TokenMarket>();
  const fresh = (row: Row | undefined) => !!row?.fetchedAt && Date.now() - row.fetchedAt.getTime() < MARKET_REFRESH_SECONDS * 1000;

  const refresh = async (mint: string, kept: Row | undefined): Promise<TokenMarket> => {
    const claimed = (await db.execute(sql`insert into ${tokenMarkets} (mint, claimed_at) values (${mint}, now())
      on conflict (mint) do update set claimed_at = now()
      where ${tokenMarkets.claimedAt} is null or ${tokenMarkets.claimedAt} < now() - make_interval(secs => ${MARKET_REFRESH_SECONDS})
      returning mint`)) as unknown as { rows: unknown[] };
    if (!claimed.rows.length) return view(kept);
    const signal = AbortSignal.timeout(SOURCE_TIMEOUT_MS);
    try {
      const [quote, candles] = await Promise.all([source!.quote(mint, signal), source!.candles(mint, signal)]);
      const [row] = await db
        .update(tokenMarkets)
        .set({ quote, candles, fetchedAt: new Date() })
        .where(sql`${tokenMarkets.mint} = ${mint}`)
        .returning();
      return view(row);
    } catch (err) {
      log.warn({ err: String(err), mint }, 'tokens: the market data source could not be read');
      return view(kept);
    }
  };

  return {
    async get(mint) {
      if (!source) return { configured: false, priceUsd: null, marketCapUsd: null, change24hPct: null, candles: [], asOf: null };
      const [kept] = await db
        .select()
        .from(tokenMarkets)
        .where(sql`${tokenMarkets.mint} = ${mint}`);
      if (fresh(kept)) return view(kept);
      return reading(mint, () => refresh(mint, kept));
    },
  };
}
