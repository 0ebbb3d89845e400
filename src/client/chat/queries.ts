import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatTimeoutInput } from '../../shared/chat';
import { api } from '../lib/api';
import { useRealtimeEvent } from '../realtime/realtime-provider';

/** Messages kept on screen; older ones scroll away for good. */
const KEEP = 200;

export const chatKeys = {
  all: ['chat'] as const,
  stream: (streamId: string) => [...chatKeys.all, streamId] as const,
};

const chatPath = (streamId: string) => `/api/streams/${encodeURIComponent(streamId)}/chat`;

/** Adds a message once (it comes both as the answer to a send and as a room event), oldest first. */
function withMessage(list: ChatMessage[] | undefined, message: ChatMessage): ChatMessage[] {
  const current = list ?? [];
  if (current.some((m) => m.id === message.id)) return current;
  return [...current, message].slice(-KEEP);
}

/**
 * A stream's chat: the last 50 messages, then every new and deleted one as it happens over the
 * stream's realtime room (the page joins it with `useStream`). After a reconnect it reads again.
 */
export function useChat(streamId: string) {
  const qc = useQueryClient();
  const key = chatKeys.stream(streamId);
  useRealtimeEvent('stream.chat', (message) => {
    if (message.streamId === streamId) qc.setQueryData<ChatMessage[]>(key, (old) => withMessage(old, message));
  });
  useRealtimeEvent('stream.chat.deleted', (e) => {
    if (e.streamId === streamId) qc.setQueryData<ChatMessage[]>(key, (old) => old?.filter((m) => m.id !== e.messageId));
  });
  useRealtimeEvent('hello', () => void qc.invalidateQueries({ queryKey: key }));
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await api<{ messages: ChatMessage[] }>(chatPath(streamId), { signal })).messages,
    // The room keeps it current; refetching on focus would only reorder what is already there.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSendChat(streamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api<ChatMessage>(chatPath(streamId), { method: 'POST', json: { body } }),
    onSuccess: (message) => qc.setQueryData<ChatMessage[]>(chatKeys.stream(streamId), (old) => withMessage(old, message)),
  });
}

export function useDeleteChatMessage(streamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => api<void>(`${chatPath(streamId)}/${encodeURIComponent(messageId)}`, { method: 'DELETE' }),
    onSuccess: (_, messageId) => qc.setQueryData<ChatMessage[]>(chatKeys.stream(streamId), (old) => old?.filter((m) => m.id !== messageId)),
  });
}

/** Times a chatter out (`seconds`) or bans them (`seconds` null) in the creator's chats. */
export function useRestrictChatter(streamId: string) {
  return useMutation({
    mutationFn: (input: ChatTimeoutInput) => api<{ userId: string; until: string | null }>(`${chatPath(streamId)}/timeouts`, { method: 'POST', json: input }),
  });
}
