import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateClipInput, CreateStreamInput, StreamKeyInfo, StreamReminder } from '../../shared/live';
import type { StreamCard, StreamDetail } from '../../shared/content';
import { api, ApiError, apiPath, postImage } from '../lib/api';
import { useRealtimeEvent, useStreamRoom } from '../realtime/realtime-provider';

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
  key: ['live', 'key'] as const,
};

/** How often a stream that has not ended is read again, in case a realtime event was missed. */
export const STREAM_FALLBACK_POLL_MS = 30_000;

/**
 * One stream for its page; a 404 is not retried. The page joins the stream's realtime room: it
 * goes live, drops, ends and gets its replay through `stream.status`, and its viewer count
 * through `stream.viewers`, without a reload. A slow poll covers a missed event.
 */
export function useStream(id: string) {
  const qc = useQueryClient();
  useStreamRoom(id || undefined);
  const patch = (streamId: string, change: Partial<StreamDetail>) => {
    if (streamId !== id) return;
    // A read already under way was answered before this event: it must not undo it when it lands.
    // Cancelling restores what was there before that read began, so the event is applied after it.
    void qc
      .cancelQueries({ queryKey: streamKeys.one(id), exact: true })
      .then(() => qc.setQueryData<StreamDetail>(streamKeys.one(id), (old) => (old ? { ...old, ...change } : old)));
  };
  useRealtimeEvent('stream.status', ({ streamId, status, hlsUrl, startedAt, endedAt, recordingVideoId }) =>
    patch(streamId, { status, hlsUrl, startedAt, endedAt, recordingVideoId, ...(status === 'ended' ? { viewerCount: 0 } : {}) }),
  );
  useRealtimeEvent('stream.viewers', ({ streamId, viewers, peak }) => patch(streamId, { viewerCount: viewers, peakViewers: peak }));
  // After a reconnect, events may have been missed: read the stream again.
  useRealtimeEvent('hello', () => void qc.invalidateQueries({ queryKey: streamKeys.one(id) }));
  return useQuery({
    queryKey: streamKeys.one(id),
    queryFn: ({ signal }) => api<StreamDetail>(`/api/streams/${encodeURIComponent(id)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
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
  return useMutation({
    mutationFn: () => api<StreamKeyInfo>('/api/live/key', { method: 'POST', json: {} }),
    onSuccess: (info) => qc.setQueryData(streamKeys.key, { ...info, key: null }),
  });
}

export function useStreams(filter: StreamFilter) {
  return useQuery({
    queryKey: streamKeys.list(filter),
    queryFn: ({ signal }) =>
      api<StreamCard[]>(apiPath('/api/streams', { status: filter.status, pump: filter.pump ? 'true' : undefined, category: filter.category }), { signal }),
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
