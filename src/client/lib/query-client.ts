import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api';

/**
 * docs/product.md §7 defaults: stale 30 s, cache 5 min, refetch on window focus, 1 retry. A 4xx (unknown
 * category, missing profile) is an answer, not a failure, so it is not retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => failureCount < 1 && !isClientError(error),
      },
    },
  });
}
