import { useQuery } from '@tanstack/react-query';
import type { HomeFeed } from '../../shared/content';
import { api, apiPath } from '../lib/api';

export const homeKeys = {
  all: ['home'] as const,
  feed: (category: string | null) => [...homeKeys.all, { category }] as const,
};

/** The home rows, for everything or for one category (slug). */
export function useHomeFeed(category: string | null) {
  return useQuery({
    queryKey: homeKeys.feed(category),
    queryFn: ({ signal }) => api<HomeFeed>(apiPath('/api/home', { category }), { signal }),
  });
}
