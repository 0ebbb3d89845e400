import { useQuery } from '@tanstack/react-query';
import type { StreamCard, StreamDetail } from '../../shared/content';
import { api, ApiError, apiPath } from '../lib/api';

export interface StreamFilter {
  status: StreamCard['status'];
  /** Only streams with a token ("Pump Streams"). */
  pump?: boolean;
  category?: string;
}

export const streamKeys = {
  all: ['streams'] as const,
  list: (f: StreamFilter) => [...streamKeys.all, 'list', f] as const,
  one: (id: string) => [...streamKeys.all, 'one', id] as const,
};

/** One stream for its page; a 404 is not retried. */
export function useStream(id: string) {
  return useQuery({
    queryKey: streamKeys.one(id),
    queryFn: ({ signal }) => api<StreamDetail>(`/api/streams/${encodeURIComponent(id)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export function useStreams(filter: StreamFilter) {
  return useQuery({
    queryKey: streamKeys.list(filter),
    queryFn: ({ signal }) =>
      api<StreamCard[]>(apiPath('/api/streams', { status: filter.status, pump: filter.pump ? 'true' : undefined, category: filter.category }), { signal }),
  });
}
