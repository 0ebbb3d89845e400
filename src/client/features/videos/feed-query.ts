import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { VideoCard } from '../../../shared/videos/video-card';
import { SHORTS_PAGE_SIZE, VIDEO_PAGE_SIZE, type VideoKind } from '../../../shared/videos/video-rules';
import { api, apiPath } from '../../lib/api';

export type VideoSort = 'newest' | 'trending';

export interface VideoListFilter {
  kind: VideoKind;
  sort?: VideoSort;
  /** A category slug. */
  category?: string | undefined;
  /** Leave this video out (the one being watched). */
  exclude?: string | undefined;
  owner?: string | undefined;
  limit?: number;
}

/** The keys of video lists and feeds (part of videoKeys), apart so the router can start a feed. */
export const videoListKeys = {
  lists: () => ['videos', 'list'] as const,
  list: (f: VideoListFilter) => [...videoListKeys.lists(), f] as const,
  feeds: () => ['videos', 'feed'] as const,
  feed: (f: VideoListFilter) => [...videoListKeys.feeds(), f] as const,
};

const videoListPath = (f: VideoListFilter, offset?: number) =>
  apiPath('/api/videos', {
    kind: f.kind,
    sort: f.sort,
    category: f.category,
    exclude: f.exclude,
    owner: f.owner,
    limit: f.limit !== undefined ? String(f.limit) : undefined,
    offset: offset ? String(offset) : undefined,
  });

/** One page of ready, public videos or shorts. */
export const videoListQuery = (filter: VideoListFilter) =>
  queryOptions({
    queryKey: videoListKeys.list(filter),
    queryFn: ({ signal }) => api<VideoCard[]>(videoListPath(filter), { signal }),
  });

/** A watch page's related videos: the same category's newest (VideoScreen's RelatedVideos). */
export const relatedVideosFilter = (video: { id: string; category: string }): VideoListFilter => ({
  kind: 'long',
  category: video.category,
  exclude: video.id,
  limit: 12,
});

/** Offset paging for infinite scroll; a short page means the end. */
export function videoFeedQuery(filter: Omit<VideoListFilter, 'limit'>, pageSize = VIDEO_PAGE_SIZE) {
  const f = { ...filter, limit: pageSize };
  return infiniteQueryOptions({
    queryKey: videoListKeys.feed(f),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => api<VideoCard[]>(videoListPath(f, pageParam), { signal }),
    getNextPageParam: (last, _all, offset) => (last.length < pageSize ? undefined : offset + pageSize),
  });
}

/** The shorts feed (the shorts screen's, which its route's loader starts): newest first, a few at a time. */
export const shortsFeedQuery = () => videoFeedQuery({ kind: 'short', sort: 'newest' }, SHORTS_PAGE_SIZE);
