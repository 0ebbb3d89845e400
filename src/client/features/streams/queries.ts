import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { CreateClipInput, CreateStreamInput, RescheduleStreamInput, StreamKeyInfo, StreamReminder, UpdateStreamInput } from '../../../shared/live/live';
import type { StreamCard, StreamDetail } from '../../../shared/live/streams';
import type { RealtimeEvents } from '../../../shared/realtime/realtime';
import { api, ApiError, apiPath, postImage } from '../../lib/api';
import { useRealtimeEvent, useRealtimeStatus, useStreamRoom } from '../realtime/realtime-provider';
import { useSession } from '../auth/session';

export interface StreamFilter {
  status: StreamCard['status'];
  /** Only streams with a token ("Pump Streams"). */
  pump?: boolean;
  /** Only streams about this token (its mint address). */
  token?: string;
  category?: string;
}

export const streamKeys = {
  all: ['streams'] as const,
  list: (f: StreamFilter) => [...streamKeys.all, 'list', f] as const,
  one: (id: string) => [...streamKeys.all, 'one', id] as const,
  key: ['live', 'key'] as const,
  /** Per account: another account signing in on this tab never sees it. */
  freshKey: (userId: string | undefined) => ['live', 'fresh-key', userId ?? ''] as const,
};

/** How often a stream that has not ended is read again, in case a realtime event was missed. */
export const STREAM_FALLBACK_POLL_MS = 30_000;

/**
 * One stream for its page; a 404 is not retried. The page joins the stream's realtime room: it
 * goes live, drops, ends and gets its replay through `stream.status`, and its viewer count
 * through `stream.viewers`, without a reload. A slow poll covers a missed event.
 *
 * The server tells a socket the count as soon as it joins (after every reconnect too), and the
 * room every change; while the room is joined that count is the one shown, not the count in a
 * read of the stream, which guests may get up to a few seconds old (the server's read cache).
 */
export function useStream(id: string) {
  const qc = useQueryClient();
  useStreamRoom(id || undefined);
  const realtime = useRealtimeStatus();
  const [counted, setCounted] = useState<RealtimeEvents['stream.viewers'] | null>(null);
  // A new socket joins again and is told the count again; until then the last one may be stale.
  useRealtimeEvent('hello', () => setCounted(null));
  const live = realtime === 'open' && counted?.streamId === id ? counted : null;
  const select = useCallback(
    (stream: StreamDetail): StreamDetail => (live && stream.status === 'live' ? { ...stream, viewerCount: live.viewers, peakViewers: live.peak } : stream),
    [live],
  );
  const patch = (streamId: string, change: Partial<StreamDetail>) => {
    if (streamId !== id) return;
    qc.setQueryData<StreamDetail>(streamKeys.one(id), (old) => (old ? { ...old, ...change } : old));
    // A read under way was answered before this change and would undo it when it lands: it is
    // replaced by a fresh one.
    if (qc.isFetching({ queryKey: streamKeys.one(id), exact: true })) void qc.invalidateQueries({ queryKey: streamKeys.one(id), exact: true });
  };
  useRealtimeEvent('stream.status', ({ streamId, status, hlsUrl, startedAt, endedAt, recordingVideoId, scheduledAt }) =>
    patch(streamId, {
      status,
      hlsUrl,
      startedAt,
      endedAt,
      recordingVideoId,
      ...(scheduledAt !== undefined ? { scheduledAt } : {}),
      ...(status === 'ended' ? { viewerCount: 0 } : {}),
    }),
  );
  useRealtimeEvent('stream.viewers', (count) => {
    if (count.streamId === id) setCounted(count);
  });
  // Once the room is joined (again, after a reconnect) no event can be missed: read the stream again.
  useRealtimeEvent('stream.joined', ({ streamId }) => {
    if (streamId === id) void qc.invalidateQueries({ queryKey: streamKeys.one(id) });
  });
  return useQuery({
    queryKey: streamKeys.one(id),
    queryFn: ({ signal }) => api<StreamDetail>(`/api/streams/${encodeURIComponent(id)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    select,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'ended' ? STREAM_FALLBACK_POLL_MS : false),
  });
}

export function useCreateStream() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateStreamInput) => api<StreamDetail>('/api/streams', { method: 'POST', json: input }),
    onSuccess: (stream) => {
      qc.setQueryData(streamKeys.one(stream.id), stream);
      void qc.invalidateQueries({ queryKey: streamKeys.all });
    },
  });
}

/** The RTMP address and whether a key exists (the key itself only comes with a new one). */
export function useStreamKey() {
  return useQuery({ queryKey: streamKeys.key, queryFn: ({ signal }) => api<StreamKeyInfo>('/api/live/key', { signal }) });
}

export function useNewStreamKey() {
  const qc = useQueryClient();
  const userId = useSession().user?.id;
  return useMutation({
    mutationFn: () => api<StreamKeyInfo>('/api/live/key', { method: 'POST', json: {} }),
    onSuccess: (info) => {
      qc.setQueryData(streamKeys.key, { ...info, key: null });
      // The new key stays in this tab's memory only, for the panel that shows it once, even if that
      // panel was drawn again while the key was being made.
      qc.setQueryData(streamKeys.freshKey(userId), info.key);
    },
  });
}

/** The stream key just made in this tab, or null; never read from the server again. */
export function useFreshStreamKey(): string | null {
  const userId = useSession().user?.id;
  return useQuery({ queryKey: streamKeys.freshKey(userId), queryFn: () => null, enabled: false, staleTime: Infinity }).data ?? null;
}

export function useStreams(filter: StreamFilter) {
  return useQuery({
    queryKey: streamKeys.list(filter),
    queryFn: ({ signal }) =>
      api<StreamCard[]>(
        apiPath('/api/streams', { status: filter.status, pump: filter.pump ? 'true' : undefined, token: filter.token, category: filter.category }),
        { signal },
      ),
  });
}

const reminderKey = (id: string) => [...streamKeys.one(id), 'reminder'] as const;

/** Whether the signed-in user asked to hear when this upcoming stream goes live. */
export function useStreamReminder(id: string, enabled: boolean) {
  return useQuery({
    queryKey: reminderKey(id),
    queryFn: ({ signal }) => api<StreamReminder>(`/api/streams/${encodeURIComponent(id)}/reminder`, { signal }),
    enabled,
  });
}

export function useSetStreamReminder(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api<StreamReminder>(`/api/streams/${encodeURIComponent(id)}/reminder`, { method: on ? 'PUT' : 'DELETE' }),
    onSuccess: (r) => qc.setQueryData(reminderKey(id), r),
  });
}

/** Clips the last seconds of a live stream into a short of the signed-in user's. */
export function useCreateClip(streamId: string) {
  return useMutation({
    mutationFn: (input: CreateClipInput) => api<{ videoId: string }>(`/api/streams/${encodeURIComponent(streamId)}/clips`, { method: 'POST', json: input }),
  });
}

/** The creator's own picture for a stream (fitted to 16:9 on the server). */
export function useUploadStreamThumbnail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => postImage(`/api/streams/${encodeURIComponent(id)}/thumbnail`, file),
    onSuccess: () => qc.invalidateQueries({ queryKey: streamKeys.all }),
  });
}

/**
 * The creator's writes on a stream from its studio page. Each answers the stream as it now is: the
 * page's copy is replaced with it, and lists (where it moved, or left) are read again.
 */
function useStreamWrite<T>(id: string, request: (input: T) => Promise<StreamDetail>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (stream) => {
      qc.setQueryData(streamKeys.one(id), stream);
      void qc.invalidateQueries({ queryKey: streamKeys.all, predicate: (q) => q.queryKey[1] !== 'one' || q.queryKey[2] !== id });
    },
  });
}

const streamUrl = (id: string, action = '') => `/api/streams/${encodeURIComponent(id)}${action}`;

export const useUpdateStream = (id: string) =>
  useStreamWrite(id, (input: UpdateStreamInput) => api<StreamDetail>(streamUrl(id), { method: 'PATCH', json: input }));

export const useRescheduleStream = (id: string) =>
  useStreamWrite(id, (input: RescheduleStreamInput) => api<StreamDetail>(streamUrl(id, '/reschedule'), { method: 'POST', json: input }));

export const useCancelStream = (id: string) => useStreamWrite(id, () => api<StreamDetail>(streamUrl(id, '/cancel'), { method: 'POST', json: {} }));

export const useEndStream = (id: string) => useStreamWrite(id, () => api<StreamDetail>(streamUrl(id, '/end'), { method: 'POST', json: {} }));

/** Deletes the stream with its replay and pictures; its page is gone, so its copy is dropped. */
export function useDeleteStream(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(streamUrl(id), { method: 'DELETE' }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: streamKeys.one(id) });
      void qc.invalidateQueries({ queryKey: streamKeys.all });
    },
  });
}
