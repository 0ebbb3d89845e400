import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateReportInput,
  DecisionResult,
  ModeratedItem,
  ModerationDecisionInput,
  ModerationOverview,
  ModerationSearch,
  ReportCase,
  ReportQueueEntry,
  ReportTarget,
} from '../../../shared/moderation/moderation';
import { api, apiPath } from '../../lib/api';

export type QueueSort = 'newest' | 'most_reported';

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: (sort: QueueSort) => [...moderationKeys.all, 'queue', sort] as const,
  case: (type: ReportTarget, id: string) => [...moderationKeys.all, 'case', type, id] as const,
  overview: () => [...moderationKeys.all, 'overview'] as const,
  search: (q: string) => [...moderationKeys.all, 'search', q] as const,
};

const enc = encodeURIComponent;
const itemPath = (type: ReportTarget, id: string) => `${enc(type)}/${enc(id)}`;

/** Sends a report; the answer says it was received. */
export function useReport() {
  return useMutation({
    mutationFn: (input: CreateReportInput) => api<{ id: string; message: string }>('/api/reports', { method: 'POST', json: input }),
  });
}

/** Reported items with open reports (moderators and admins); read afresh often, others decide too. */
export function useReportQueue(sort: QueueSort) {
  return useQuery({
    queryKey: moderationKeys.queue(sort),
    queryFn: async ({ signal }) => (await api<{ entries: ReportQueueEntry[] }>(apiPath('/api/admin/reports', { sort }), { signal })).entries,
    staleTime: 0,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useReportCase(target: { type: ReportTarget; id: string } | null) {
  return useQuery({
    queryKey: target ? moderationKeys.case(target.type, target.id) : [...moderationKeys.all, 'case', 'none'],
    queryFn: ({ signal }) => api<ReportCase>(`/api/admin/reports/${itemPath(target!.type, target!.id)}`, { signal }),
    enabled: !!target,
    staleTime: 0,
  });
}

/**
 * A moderator's decision: on every open report of an item (`fromReports`), or on an item or
 * person found by search. Every moderation list is read again afterwards.
 */
export function useDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, fromReports, decision }: { type: ReportTarget; id: string; fromReports: boolean; decision: ModerationDecisionInput }) =>
      api<DecisionResult>(fromReports ? `/api/admin/reports/${itemPath(type, id)}/decision` : `/api/admin/moderation/items/${itemPath(type, id)}/decision`, {
        method: 'POST',
        json: decision,
      }),
    onSettled: () => void qc.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

export function useModerationOverview() {
  return useQuery({
    queryKey: moderationKeys.overview(),
    queryFn: ({ signal }) => api<ModerationOverview>('/api/admin/moderation', { signal }),
    staleTime: 0,
  });
}

export function useModerationSearch(q: string) {
  return useQuery({
    queryKey: moderationKeys.search(q),
    queryFn: async ({ signal }) => (await api<ModerationSearch>(apiPath('/api/admin/moderation/search', { q }), { signal })).items,
    enabled: q.trim().length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useRestore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, note = '' }: { type: ReportTarget; id: string; note?: string }) =>
      api<ModeratedItem>(`/api/admin/moderation/items/${itemPath(type, id)}/restore`, { method: 'POST', json: { note } }),
    onSettled: () => void qc.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

export function useLiftSanction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, note = '' }: { userId: string; note?: string }) =>
      api<void>(`/api/admin/moderation/users/${enc(userId)}/lift`, { method: 'POST', json: { note } }),
    onSettled: () => void qc.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

export function useLiftChatRestriction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, userId, note = '' }: { channelId: string; userId: string; note?: string }) =>
      api<void>(`/api/admin/moderation/chat-restrictions/${enc(channelId)}/${enc(userId)}/lift`, { method: 'POST', json: { note } }),
    onSettled: () => void qc.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
