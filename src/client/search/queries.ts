import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResults } from '../../shared/content';
import { api, apiPath } from '../lib/api';

export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => [...searchKeys.all, q] as const,
};

/** Results for `q`; nothing is asked while `q` is blank. */
export function useSearch(q: string) {
  return useQuery({
    queryKey: searchKeys.results(q),
    queryFn: ({ signal }) => api<SearchResults>(apiPath('/api/search', { q }), { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
