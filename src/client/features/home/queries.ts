import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeFeed } from '../../../shared/home/home-feed';
import { api, apiPath } from '../../lib/api';

export const homeKeys = {
  all: ['home'] as const,
  feed: (category: string | null) => [...homeKeys.all, { category }] as const,
};

/** The home rows, for everything or for one category (slug). */
export const homeFeedQuery = (category: string | null) =>
  queryOptions({
    queryKey: homeKeys.feed(category),
    queryFn: ({ signal }) => api<HomeFeed>(apiPath('/api/home', { category }), { signal }),
  });

export function useHomeFeed(category: string | null) {
  return useQuery(homeFeedQuery(category));
}
