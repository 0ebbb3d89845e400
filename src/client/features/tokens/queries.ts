import { useQuery } from '@tanstack/react-query';
import { SOLANA_ADDRESS } from '../../../shared/tokens/token-rules';
import type { TokenView } from '../../../shared/tokens/tokens';
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
