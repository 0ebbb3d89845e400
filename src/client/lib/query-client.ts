import { QueryClient } from '@tanstack/react-query';

/** SPEC.md §7 defaults: stale 30 s, cache 5 min, refetch on window focus, 1 retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
        retry: 1,
      },
    },
  });
}
