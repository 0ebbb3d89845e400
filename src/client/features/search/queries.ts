import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResults } from '../../../shared/search/search';
import { api, apiPath } from '../../lib/api';

export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => [...searchKeys.all, q] as const,
};

/**
 * Results for `q` (trimmed); a blank `q` gets what is trending. While a new query loads, the
 * previous results stay on screen.
 */
export function useSearch(q: string, enabled = true) {
  const query = q.trim();
  return useQuery({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => api<SearchResults>(apiPath('/api/search', { q: query }), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
