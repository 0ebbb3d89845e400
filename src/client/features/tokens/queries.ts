import { useQuery } from '@tanstack/react-query';
import { MARKET_REFRESH_SECONDS, SOLANA_ADDRESS } from '../../../shared/tokens/token-rules';
import type { TokenMarket, TokenView } from '../../../shared/tokens/tokens';
import type { TokenContent } from '../../../shared/tokens/token-page';
import { api, ApiError } from '../../lib/api';
import { useSession } from '../auth/session';

export const tokenKeys = {
  one: (mint: string, userId: string | undefined) => ['tokens', mint, userId ?? ''] as const,
};

/**
 * A token as the chain has it (the server reads it at most every few minutes). Per account, since
 * it says whether your wallet is behind it. Nothing is asked for an address that cannot be one; a
 * 404 (no such token) is not retried.
 */
export function useToken(mint: string | undefined) {
  const { user } = useSession();
  const valid = !!mint && SOLANA_ADDRESS.test(mint);
  return useQuery({
    queryKey: tokenKeys.one(mint ?? '', user?.id),
    queryFn: ({ signal }) => api<TokenView>(`/api/tokens/${mint}`, { signal }),
    enabled: valid,
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
}

/** The token's market, asked again every MARKET_REFRESH_SECONDS while the page is open and shown (the server reads its source no more often). */
export function useTokenMarket(mint: string) {
  return useQuery({
    queryKey: ['tokens', mint, 'market'] as const,
    queryFn: ({ signal }) => api<TokenMarket>(`/api/tokens/${mint}/market`, { signal }),
    refetchInterval: MARKET_REFRESH_SECONDS * 1000,
    staleTime: MARKET_REFRESH_SECONDS * 1000,
    retry: 1,
  });
}

/** Everything on Glint about a token, for its page. */
export function useTokenContent(mint: string) {
  return useQuery({
    queryKey: ['tokens', mint, 'content'] as const,
    queryFn: ({ signal }) => api<TokenContent>(`/api/tokens/${mint}/content`, { signal }),
    enabled: SOLANA_ADDRESS.test(mint),
  });
}
