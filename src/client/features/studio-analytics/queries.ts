import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsOverview, AnalyticsPeriod, Retention } from '../../../shared/analytics/analytics';
import type { StreamStats } from '../../../shared/live/streams';
import { api, apiPath } from '../../lib/api';
import { useRealtimeEvent } from '../realtime/realtime-provider';

export const analyticsKeys = {
  all: ['studio-analytics'] as const,
  overview: (period: AnalyticsPeriod) => [...analyticsKeys.all, 'overview', period] as const,
  retention: (videoId: string, period: AnalyticsPeriod) => [...analyticsKeys.all, 'retention', videoId, period] as const,
};

/** Your channel over a period, against the one before. */
export function useAnalyticsOverview(period: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.overview(period),
    queryFn: ({ signal }) => api<AnalyticsOverview>(apiPath('/api/studio/analytics', { period }), { signal }),
    // A new period keeps the last one on screen until it arrives, so the charts do not blink.
    placeholderData: keepPreviousData,
  });
}

/** Audience retention of one of your videos over a period. */
export function useRetention(videoId: string | null, period: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.retention(videoId ?? '', period),
    queryFn: ({ signal }) => api<Retention>(apiPath(`/api/studio/analytics/videos/${videoId}/retention`, { period }), { signal }),
    enabled: !!videoId,
  });
}

/**
 * How one of your streams did, minute by minute; read again every 30 s while it is live, and at
 * once when a tip on it arrives (the bell's realtime event), so tips show as they come.
 */
export function useStreamStats(streamId: string, live: boolean) {
  const qc = useQueryClient();
  const queryKey = [...analyticsKeys.all, 'stream', streamId] as const;
  useRealtimeEvent('notification.created', (n) => {
    if (live && n.type === 'donation' && n.contentId === streamId) void qc.invalidateQueries({ queryKey, exact: true });
  });
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api<StreamStats>(`/api/studio/analytics/streams/${encodeURIComponent(streamId)}`, { signal }),
    refetchInterval: live ? 30_000 : false,
  });
}
