import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * What the chain said about a token when Glint last read it (Pump Streams name one). Read again
 * when older than a few minutes and someone asks; the stream pages read it from here.
 */
export const tokens = pgTable('tokens', {
  mint: text('mint').primaryKey(),
  /** `spl-token` or `token-2022`. */
  program: text('program').notNull(),
  decimals: integer('decimals').notNull(),
  /** Base units, as a decimal string (u64 does not fit a JS number). */
  supply: text('supply').notNull(),
  mintAuthority: text('mint_authority'),
  freezeAuthority: text('freeze_authority'),
  name: text('name'),
  symbol: text('symbol'),
  /** The metadata's URI (JSON with the token's image): fetched by a job, never shown. */
  uri: text('uri'),
  updateAuthority: text('update_authority'),
  creators: jsonb('creators').$type<{ address: string; verified: boolean }[]>().notNull().default([]),
  /** The creator pump.fun's bonding curve records for the coin. */
  launchCreator: text('launch_creator'),
  /** Every wallet whose owner is behind the token (authorities, verified creators, launch creator): the proof's join. */
  controllers: text('controllers')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The token's picture, fetched from the metadata, re-encoded and stored here. */
  imageUrl: text('image_url'),
  /** The metadata URI `imageUrl` came from: a new URI fetches the picture again. */
  imageFrom: text('image_from'),
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
});

/**
 * A token's market as the configured source last gave it. `claimedAt` is when an instance last
 * set out to read the source: one read per token per refresh interval, across every instance.
 */
export const tokenMarkets = pgTable('token_markets', {
  mint: text('mint').primaryKey(),
  quote: jsonb('quote').$type<{ priceUsd: number | null; marketCapUsd: number | null; change24hPct: number | null }>(),
  candles: jsonb('candles').$type<{ time: number; open: number; high: number; low: number; close: number }[]>().notNull().default([]),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
});

/** How much of a token a wallet held when Glint last read it (chat's "Holder" badge and holders-only chat). */
export const tokenHoldings = pgTable(
  'token_holdings',
  {
    wallet: text('wallet').notNull(),
    mint: text('mint').notNull(),
    /** Base units, as a decimal string. */
    amount: text('amount').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.wallet, t.mint] })],
);
