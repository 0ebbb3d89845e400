// A Pump Stream's token as Glint shows it: the chain's facts, whether the streamer is proven to be
// behind it, and where to look it up. Pure and zod-free, so badges load without the schema library.

/** A Solana address: base58, 32 to 44 characters. */
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export const TOKEN_NOT_FOUND = 'No token with this address exists on Solana';
export const TOKEN_CHAIN_UNREACHABLE = 'Glint could not reach Solana to check this token. Try again in a moment.';
export const TOKEN_PROVEN = 'Creator’s token';
export const TOKEN_PROVEN_EXPLANATION = 'A wallet linked to this streamer’s account created this token, or holds its mint or metadata authority.';
export const TOKEN_UNVERIFIED = 'Unverified token: this streamer has not shown a link to it';

/** How long the chain's facts about a token are trusted before they are read again. */
export const TOKEN_FACTS_MAX_AGE_MS = 10 * 60_000;

/** How long a wallet's balance of a token is trusted (chat's Holder badge and holders-only chat). */
export const TOKEN_HOLDING_MAX_AGE_MS = 3 * 60_000;

/** What the chain says about who made or controls a token; each one's wallet proves the link. */
export interface TokenControl {
  mintAuthority: string | null;
  updateAuthority: string | null;
  creators: { address: string; verified: boolean }[];
  /** The creator the launch program (pump.fun's bonding curve) recorded. */
  launchCreator: string | null;
}

/**
 * The wallets whose owner is behind the token: its mint authority, its metadata's update
 * authority, its verified creators (an unverified creator is only a claim) and the creator its
 * launch recorded.
 */
export function tokenControllers(t: TokenControl): string[] {
  const all = [t.mintAuthority, t.updateAuthority, ...t.creators.filter((c) => c.verified).map((c) => c.address), t.launchCreator];
  return [...new Set(all.filter((a): a is string => !!a))];
}

/** The token's page on pump.fun (mainnet only: it trades nowhere else). */
export function pumpFunUrl(cluster: string, mint: string): string | null {
  return cluster === 'mainnet-beta' ? `https://pump.fun/coin/${mint}` : null;
}

/** The server reads a token's market at most this often, and pages ask again at this pace. */
export const MARKET_REFRESH_SECONDS = 15;
