import { useQuery } from '@tanstack/react-query';
import type { StreamCard } from '../../shared/content';
import { api, apiPath } from '../lib/api';

export interface StreamFilter {
  status: StreamCard['status'];
  /** Only streams with a token ("Pump Streams"). */
  pump?: boolean;
  category?: string;
}

export const streamKeys = {
  all: ['streams'] as const,
  list: (f: StreamFilter) => [...streamKeys.all, 'list', f] as const,
};

export function useStreams(filter: StreamFilter) {
  return useQuery({
    queryKey: streamKeys.list(filter),
    queryFn: ({ signal }) =>
      api<StreamCard[]>(
        apiPath('/api/streams', { status: filter.status, pump: filter.pump ? 'true' : undefined, category: filter.category }),
        { signal },
      ),
  });
}
