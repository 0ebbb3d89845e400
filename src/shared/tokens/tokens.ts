import { z } from 'zod';

export * from './token-rules.js';

/** A token as Glint read it from the chain (`GET /api/tokens/{mint}`). */
export const TokenViewSchema = z.object({
  mint: z.string(),
  program: z.enum(['spl-token', 'token-2022']),
  decimals: z.number().int(),
  /** Base units as a decimal string. */
  supply: z.string(),
  mintAuthority: z.string().nullable(),
  freezeAuthority: z.string().nullable(),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  updateAuthority: z.string().nullable(),
  creators: z.array(z.object({ address: z.string(), verified: z.boolean() })),
  /** The creator pump.fun's launch recorded. */
  launchCreator: z.string().nullable(),
  imageUrl: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  pumpFunUrl: z.string().nullable(),
  /** Signed in: whether one of your linked wallets is behind it (what "Creator's token" on your streams needs). */
  yours: z.boolean().nullable(),
  readAt: z.string(),
});
export type TokenView = z.infer<typeof TokenViewSchema>;

/** A stream's token as its card and page show it: the chain's name and symbol, its picture, and whether the streamer is proven behind it. */
export const StreamTokenViewSchema = z.object({
  mint: z.string(),
  symbol: z.string().nullable(),
  name: z.string().nullable(),
  imageUrl: z.string().nullable(),
  proven: z.boolean(),
});
export type StreamTokenView = z.infer<typeof StreamTokenViewSchema>;

export const MintParamsSchema = z.object({ mint: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Enter the token’s mint address') });

export const CandleSchema = z.object({ time: z.number().int(), open: z.number(), high: z.number(), low: z.number(), close: z.number() });
export type Candle = z.infer<typeof CandleSchema>;

/**
 * A token's market (`GET /api/tokens/{mint}/market`), as the configured market data source last
 * gave it: read by the server at most every `MARKET_REFRESH_SECONDS`, whatever the number of viewers.
 */
export const TokenMarketSchema = z.object({
  /** False when no market data source is configured: the panel shows the chain's facts only. */
  configured: z.boolean(),
  priceUsd: z.number().nullable(),
  marketCapUsd: z.number().nullable(),
  /** Percent, e.g. -12.5. */
  change24hPct: z.number().nullable(),
  /** The last day in 15-minute candles, oldest first (`time` in Unix seconds). */
  candles: z.array(CandleSchema),
  /** When the source was last read successfully; null before it ever was. */
  asOf: z.string().nullable(),
});
export type TokenMarket = z.infer<typeof TokenMarketSchema>;
