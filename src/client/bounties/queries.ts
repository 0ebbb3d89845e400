import { useQuery } from '@tanstack/react-query';
import type { BountyCard } from '../../shared/content';
import { api, apiPath } from '../lib/api';

export interface BountyFilter {
  status?: BountyCard['status'];
  category?: string;
}

export const bountyKeys = {
  all: ['bounties'] as const,
  list: (f: BountyFilter) => [...bountyKeys.all, 'list', f] as const,
};

export function useBounties(filter: BountyFilter = {}) {
  return useQuery({
    queryKey: bountyKeys.list(filter),
    queryFn: ({ signal }) => api<BountyCard[]>(apiPath('/api/bounties', { status: filter.status, category: filter.category }), { signal }),
  });
}
