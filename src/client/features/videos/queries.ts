import type { ViewSource } from '../../../shared/analytics/analytics-rules';
import { countView } from './playback-reports';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { VideoCard } from '../../../shared/videos/video-card';
import { VIDEO_PAGE_SIZE, type VideoKind } from '../../../shared/videos/video-rules';
import type { Comment, CommentReplies, CreateVideoInput, PostCommentInput, VideoDetail } from '../../../shared/videos/videos';
import type { CaptionTrack } from '../../../shared/videos/captions';
import { homeKeys } from '../home/queries';
import { api, postImage } from '../../lib/api';
import { profileKeys } from '../profiles/queries';
import { fetchVideoDetail, videoDetailKey } from './detail-query';
import { videoFeedQuery, videoListKeys, videoListQuery, type VideoListFilter, type VideoSort } from './feed-query';

export type { VideoKind };
export type { VideoListFilter, VideoSort };

/** An owner's upload in any state (GET /api/videos/mine). */
export interface OwnUpload {
  id: string;
  kind: VideoKind;
  title: string;
  /** `removed`: taken down by a moderator (kept until restored; docs/product.md "Reports and moderation"). */
  status: 'uploading' | 'processing' | 'ready' | 'failed' | 'removed' | 'held';
  processingPercent: number;
  failureReason: string | null;
  thumbnailUrl: string | null;
  createdAt: string;
}

export type VideoUpdate = Partial<Pick<CreateVideoInput, 'title' | 'description' | 'category' | 'tags' | 'visibility'>> & {
  thumbnailIndex?: number;
  /** A price in USDC, or null to make it free. */
  priceUsdc?: string | null;
};

/** Query keys of everything video-shaped, so a write knows what to refresh. */
export const videoKeys = {
  all: ['videos'] as const,
  ...videoListKeys,
  details: () => [...videoKeys.all, 'detail'] as const,
  detail: videoDetailKey,
  comments: (id: string) => [...videoKeys.all, 'comments', id] as const,
  mine: () => [...videoKeys.all, 'mine'] as const,
};

/** One page of ready, public videos or shorts. */
export function useVideos(filter: VideoListFilter, enabled = true) {
  return useQuery({ ...videoListQuery(filter), enabled });
}

/** Offset paging for infinite scroll; a short page means the end. */
export function useVideoFeed(filter: Omit<VideoListFilter, 'limit'>, pageSize = VIDEO_PAGE_SIZE) {
  return useInfiniteQuery(videoFeedQuery(filter, pageSize));
}

/** The pages of a feed as one list; trending order can shift between pages, so an id shows once. */
export function flattenPages(pages: VideoCard[][] | undefined): VideoCard[] {
  const seen = new Set<string>();
  const out: VideoCard[] = [];
  for (const page of pages ?? [])
    for (const v of page) {
      if (seen.has(v.id)) continue;
      seen.add(v.id);
      out.push(v);
    }
  return out;
}

/** A video with its player sources and what the viewer did with it. */
export function useVideo(
  id: string | null | undefined,
  options: {
    enabled?: boolean;
    pollWhileProcessing?: boolean;
    /** Asked again every 5 s until it is ready: others get 404 until then (a stream's replay). */
    untilReady?: boolean;
  } = {},
) {
  return useQuery({
    queryKey: videoKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchVideoDetail(id!, signal),
    enabled: !!id && (options.enabled ?? true),
    ...(options.untilReady ? { retry: false } : {}),
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      if (options.untilReady) return s === 'ready' ? false : 5000;
      return options.pollWhileProcessing && (s === 'uploading' || s === 'processing') ? 1500 : false;
    },
  });
}

export const hasWorkInFlight = (uploads: OwnUpload[] | undefined) => !!uploads?.some((u) => u.status === 'uploading' || u.status === 'processing');

/** The owner's uploads, polled every 1.5 s while any is still uploading or processing. */
export function useMyUploads(enabled = true) {
  return useQuery({
    queryKey: videoKeys.mine(),
    queryFn: ({ signal }) => api<OwnUpload[]>('/api/videos/mine', { signal }),
    enabled,
    refetchInterval: (q) => (hasWorkInFlight(q.state.data) ? 1500 : false),
  });
}

/** After a write that changes what lists show (publish, edit, delete). */
export function invalidateVideoLists(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: videoKeys.lists() });
  void qc.invalidateQueries({ queryKey: videoKeys.feeds() });
  void qc.invalidateQueries({ queryKey: videoKeys.mine() });
  void qc.invalidateQueries({ queryKey: homeKeys.all });
  void qc.invalidateQueries({ queryKey: profileKeys.all });
}

export function useUpdateVideo(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (update: VideoUpdate) => api<VideoDetail>(`/api/videos/${id}`, { method: 'PATCH', json: update }),
    onSuccess: (detail) => {
      qc.setQueryData(videoKeys.detail(id), detail);
      invalidateVideoLists(qc);
    },
  });
}

export function useDeleteVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/videos/${id}`, { method: 'DELETE' }),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: videoKeys.detail(id) });
      invalidateVideoLists(qc);
    },
  });
}

/**
 * Like or unlike: the count and the heart change at once and go back if the server refuses.
 */
export function useLikeVideo(id: string) {
  const qc = useQueryClient();
  const key = videoKeys.detail(id);
  return useMutation({
    mutationFn: (liked: boolean) =>
      api<{ likes: number; liked: boolean }>(`/api/videos/${id}/like`, { method: liked ? 'PUT' : 'DELETE', ...(liked ? { json: {} } : {}) }),
    onMutate: async (liked) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<VideoDetail>(key);
      if (previous && previous.likedByMe !== liked) {
        qc.setQueryData<VideoDetail>(key, { ...previous, likedByMe: liked, likes: Math.max(0, previous.likes + (liked ? 1 : -1)) });
      }
      return { previous };
    },
    onError: (_err, _liked, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
    },
    onSuccess: (r) => {
      qc.setQueryData<VideoDetail>(key, (v) => (v ? { ...v, likes: r.likes, likedByMe: r.liked } : v));
    },
  });
}

export function recordShare(id: string) {
  return api<{ shares: number }>(`/api/videos/${id}/share`, { method: 'POST', json: {} });
}

/** Counts a view (one per viewer per window whatever we send), and the count on screen goes up when the server counted it. */
export function useRecordView() {
  const qc = useQueryClient();
  return useCallback(
    (id: string, source?: ViewSource) =>
      void countView(id, source).then(
        (r) => {
          if (r.counted) qc.setQueryData<VideoDetail>(videoKeys.detail(id), (v) => (v ? { ...v, views: v.views + 1 } : v));
        },
        () => undefined,
      ),
    [qc],
  );
}

/** Where a signed-in viewer stopped; `keepalive` lets it finish while the page goes away. */
export function saveProgress(id: string, positionSeconds: number) {
  return api<void>(`/api/videos/${id}/progress`, {
    method: 'PUT',
    json: { positionSeconds: Math.max(0, Math.round(positionSeconds * 10) / 10) },
    keepalive: true,
  });
}

/** `saveProgress`, remembered in the cache too, so coming back soon resumes at the new place. */
export function useSaveProgress() {
  const qc = useQueryClient();
  return useCallback(
    (id: string, positionSeconds: number) => {
      qc.setQueryData<VideoDetail>(videoKeys.detail(id), (v) => (v ? { ...v, resumeAt: positionSeconds } : v));
      void saveProgress(id, positionSeconds).catch(() => undefined);
    },
    [qc],
  );
}

export function useComments(id: string, enabled = true) {
  return useQuery({
    queryKey: videoKeys.comments(id),
    queryFn: ({ signal }) => api<Comment[]>(`/api/videos/${id}/comments`, { signal }),
    enabled,
  });
}

function useCommentWrite<T>(videoId: string, write: (input: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: videoKeys.comments(videoId) });
      // The comment count on the video.
      void qc.invalidateQueries({ queryKey: videoKeys.detail(videoId) });
    },
  });
}

export function useAddComment(videoId: string) {
  return useCommentWrite(videoId, (input: string | PostCommentInput) =>
    api<{ id: string }>(`/api/videos/${videoId}/comments`, { method: 'POST', json: typeof input === 'string' ? { body: input } : input }),
  );
}

/** A comment's replies, a page at a time, oldest first; asked for once they are shown. */
export function useReplies(videoId: string, commentId: string, enabled: boolean) {
  return useInfiniteQuery({
    // Under the video's comments, so every comment write reads them again too.
    queryKey: [...videoKeys.comments(videoId), 'replies', commentId],
    queryFn: ({ signal, pageParam }) =>
      api<CommentReplies>(`/api/comments/${commentId}/replies${pageParam ? `?after=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
  });
}

/** The video's creator pins or hearts a comment (`on`), or takes it back. */
export function useMarkComment(videoId: string) {
  return useCommentWrite(videoId, ({ id, mark, on }: { id: string; mark: 'pin' | 'heart'; on: boolean }) =>
    api<void>(`/api/comments/${id}/${mark}`, { method: on ? 'PUT' : 'DELETE' }),
  );
}

export function useEditComment(videoId: string) {
  return useCommentWrite(videoId, ({ id, body }: { id: string; body: string }) => api<void>(`/api/comments/${id}`, { method: 'PATCH', json: { body } }));
}

export function useDeleteComment(videoId: string) {
  return useCommentWrite(videoId, (id: string) => api<void>(`/api/comments/${id}`, { method: 'DELETE' }));
}

/** Uploads the owner's own image as the thumbnail (re-encoded to the video's shape on the server). */
export function useUploadThumbnail(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => postImage(`/api/videos/${id}/thumbnail`, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}

/** Adds or replaces the owner's captions in one language (the file's text); the video's page lists them at once. */
export function usePutCaptions(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, content, label }: { language: string; content: string; label?: string }) =>
      api<CaptionTrack>(`/api/videos/${videoId}/captions/${encodeURIComponent(language)}`, { method: 'PUT', json: { content, ...(label ? { label } : {}) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId) }),
  });
}

export function useDeleteCaptions(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => api<void>(`/api/videos/${videoId}/captions/${encodeURIComponent(language)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId) }),
  });
}
