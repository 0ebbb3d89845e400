import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { explorerUrl } from '../../../shared/payments/sol.js';
import {
  MARKET_REFRESH_SECONDS,
  MintParamsSchema,
  pumpFunUrl,
  TOKEN_NOT_FOUND,
  TokenMarketSchema,
  TokenViewSchema,
  type TokenView,
} from '../../../shared/tokens/tokens.js';
import { sessionOf } from '../../access/guards.js';
import { notFound } from '../../platform/http/errors.js';
import { byAddress, refuseWith } from '../../platform/http/rate-limits.js';
import { getTokenRow, isCreatorsToken, type TokenRow } from './service.js';
import type { Markets } from './market.js';

/** Chain reads a client may cause per minute (a cached token costs none, but an unknown mint always reads). */
const TOKEN_LOOKUPS_PER_MINUTE = 60;
const MARKET_ASKS_PER_MINUTE = 30;

export function tokenView(row: TokenRow, cluster: string, yours: boolean | null): TokenView {
  return {
    mint: row.mint,
    program: row.program as TokenView['program'],
    decimals: row.decimals,
    supply: row.supply,
    mintAuthority: row.mintAuthority,
    freezeAuthority: row.freezeAuthority,
    name: row.name,
    symbol: row.symbol,
    updateAuthority: row.updateAuthority,
    creators: row.creators,
    launchCreator: row.launchCreator,
    imageUrl: row.imageUrl,
    explorerUrl: explorerUrl(cluster, { address: row.mint }),
    pumpFunUrl: pumpFunUrl(cluster, row.mint),
    yours,
    readAt: row.readAt.toISOString(),
  };
}

export async function tokenRoutes(app: FastifyInstance, { markets }: { markets: Markets }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/tokens/:mint',
    {
      config: {
        auth: 'optional',
        rateLimit: {
          max: TOKEN_LOOKUPS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: byAddress('token-lookup'),
          errorResponseBuilder: refuseWith('too_many_requests', 'Too many token lookups. Try again in a minute.'),
        },
      },
      schema: {
        tags: ['tokens'],
        summary: 'A token as the chain has it: mint, metadata, who created it; signed in, whether your wallet is behind it',
        params: MintParamsSchema,
        response: { 200: TokenViewSchema },
      },
    },
    async (req) => {
      const row = await app.tokens.get(req.params.mint);
      if (!row) throw notFound(TOKEN_NOT_FOUND);
      const s = await sessionOf(req);
      const yours = s ? await isCreatorsToken(app.db, row.mint, s.user.id) : null;
      return tokenView(row, app.config.solana.cluster, yours);
    },
  );

  r.get(
    '/api/tokens/:mint/market',
    {
      config: {
        auth: 'optional',
        // A page asks every MARKET_REFRESH_SECONDS; a few tabs at once stay well under this.
        rateLimit: {
          max: MARKET_ASKS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: byAddress('token-market'),
          errorResponseBuilder: refuseWith('too_many_requests', 'Too many price requests. Try again in a minute.'),
        },
      },
      schema: {
        tags: ['tokens'],
        summary: `A token's price, market cap, 24 h change and last day of candles, read from the market data source at most every ${MARKET_REFRESH_SECONDS} s`,
        params: MintParamsSchema,
        response: { 200: TokenMarketSchema },
      },
    },
    async (req) => {
      // Only tokens Glint has read from the chain: the source is not a proxy for any address.
      if (!(await getTokenRow(app.db, req.params.mint))) throw notFound(TOKEN_NOT_FOUND);
      return markets.get(req.params.mint);
    },
  );
}
