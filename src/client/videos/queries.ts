import { useQuery } from '@tanstack/react-query';
import type { VideoCard } from '../../shared/content';
import { api, apiPath } from '../lib/api';

export interface VideoFilter {
  kind: VideoCard['kind'];
  category?: string;
}

export const videoKeys = {
  all: ['videos'] as const,
  list: (f: VideoFilter) => [...videoKeys.all, 'list', f] as const,
};

/** Long videos (`kind: 'long'`, the Glint section) or shorts (`kind: 'short'`). */
export function useVideos(filter: VideoFilter) {
  return useQuery({
    queryKey: videoKeys.list(filter),
    queryFn: ({ signal }) => api<VideoCard[]>(apiPath('/api/videos', { kind: filter.kind, category: filter.category }), { signal }),
  });
}
