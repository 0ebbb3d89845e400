import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppointModeratorInput,
  ChannelModerator,
  ChatMessage,
  ChatRules,
  ChatRulesView,
  ChatTimeoutInput,
  PutChatRulesInput,
  RestrictedChatter,
  RestrictedChatters,
} from '../../../shared/chat/chat';
import type { AllowedLinks, AllowedLinksInput, ChannelChatFilter, ChannelChatFilterInput, PlatformChatFilter } from '../../../shared/chat/chat-filter';
import { useSession } from '../auth/session';
import { api } from '../../lib/api';
import { useRealtimeEvent } from '../realtime/realtime-provider';

/** Messages kept on screen; older ones scroll away for good. */
const KEEP = 200;

export const chatKeys = {
  all: ['chat'] as const,
  stream: (streamId: string) => [...chatKeys.all, streamId] as const,
  /** Under the stream's key, so a reconnect (which invalidates the chat) reads it again too. */
  restrictions: (streamId: string) => [...chatKeys.stream(streamId), 'restrictions'] as const,
  held: (streamId: string) => [...chatKeys.stream(streamId), 'held'] as const,
};

const chatPath = (streamId: string) => `/api/streams/${encodeURIComponent(streamId)}/chat`;

/**
 * Adds a message once (it comes both as the answer to a send and as a room event), oldest first.
 * One already there is brought up to date (its author's held message, once approved).
 */
function withMessage(list: ChatMessage[] | undefined, message: ChatMessage): ChatMessage[] {
  const current = list ?? [];
  if (current.some((m) => m.id === message.id)) return current.map((m) => (m.id === message.id ? message : m));
  return [...current, message].slice(-KEEP);
}

/** Without the messages of `userId` (a banned chatter's, removed from the stream's chat). */
const withoutAuthor = (list: ChatMessage[] | undefined, userId: string) => list?.filter((m) => m.author.id !== userId);

/**
 * A stream's chat: the last 50 messages, then every new and deleted one as it happens over the
 * stream's realtime room (the page joins it with `useStream`); a ban takes the banned chatter's
 * messages away. After a reconnect it reads again.
 */
export function useChat(streamId: string) {
  const qc = useQueryClient();
  const key = chatKeys.stream(streamId);
  const change = (eventStreamId: string, update: (old: ChatMessage[] | undefined) => ChatMessage[] | undefined) => {
    if (eventStreamId !== streamId) return;
    qc.setQueryData<ChatMessage[]>(key, update);
    // A read under way was answered before this event and would drop it when it lands: it is
    // replaced by a fresh one.
    if (qc.isFetching({ queryKey: key, exact: true })) void qc.invalidateQueries({ queryKey: key, exact: true });
  };
  useRealtimeEvent('stream.chat', (message) => change(message.streamId, (old) => withMessage(old, message)));
  useRealtimeEvent('stream.chat.deleted', (e) => change(e.streamId, (old) => old?.filter((m) => m.id !== e.messageId)));
  useRealtimeEvent('stream.chat.purged', (e) => change(e.streamId, (old) => withoutAuthor(old, e.userId)));
  // Once the room is joined (first time or after a reconnect) nothing more can be missed: what was
  // said before is read now, and what is said after arrives as events.
  useRealtimeEvent('stream.joined', (e) => {
    if (e.streamId === streamId) void qc.invalidateQueries({ queryKey: key });
  });
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

/**
 * Times a chatter out (`seconds`) or bans them (`seconds` null) in the creator's chats. A ban also
 * removes their messages here at once (the room tells everyone else).
 */
export function useRestrictChatter(streamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatTimeoutInput) => api<{ userId: string; until: string | null }>(`${chatPath(streamId)}/timeouts`, { method: 'POST', json: input }),
    onSuccess: (restriction) => {
      if (restriction.until === null) qc.setQueryData<ChatMessage[]>(chatKeys.stream(streamId), (old) => withoutAuthor(old, restriction.userId));
      void qc.invalidateQueries({ queryKey: chatKeys.restrictions(streamId) });
    },
  });
}

/** Who is timed out or banned in the creator's chats now; for the creator and moderators only. */
export function useChatRestrictions(streamId: string) {
  return useQuery({
    queryKey: chatKeys.restrictions(streamId),
    queryFn: async ({ signal }) => (await api<RestrictedChatters>(`${chatPath(streamId)}/restrictions`, { signal })).restrictions,
    // Read afresh each time the list opens: other moderators change it too.
    staleTime: 0,
  });
}

/** Lifts a timeout or ban; the chatter leaves the list at once. */
export function useLiftRestriction(streamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<void>(`${chatPath(streamId)}/timeouts/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: (_, userId) => {
      qc.setQueryData<RestrictedChatter[]>(chatKeys.restrictions(streamId), (old) => old?.filter((r) => r.user.id !== userId));
      void qc.invalidateQueries({ queryKey: chatKeys.restrictions(streamId) });
    },
  });
}

const rulesKey = (streamId: string, userId: string | undefined) => [...chatKeys.stream(streamId), 'rules', userId ?? ''] as const;

/**
 * Who may write in the stream's chat (holders of its token only, or anyone signed in) and whether
 * you may, with the reason when not. A change by the creator arrives over the stream's room.
 */
export function useChatRules(streamId: string, enabled = true) {
  const qc = useQueryClient();
  const { user } = useSession();
  useRealtimeEvent('stream.chat.rules', (e) => {
    if (e.streamId !== streamId) return;
    // Whether you may write follows from the new rule and your balance: asked again.
    void qc.invalidateQueries({ queryKey: [...chatKeys.stream(streamId), 'rules'] });
  });
  // A pin (or its removal) comes with the message; a deleted or purged pinned message goes with it.
  const setPinned = (update: (pinned: ChatMessage | null) => ChatMessage | null) =>
    qc.setQueriesData<ChatRulesView>({ queryKey: [...chatKeys.stream(streamId), 'rules'] }, (old) => (old ? { ...old, pinned: update(old.pinned) } : old));
  useRealtimeEvent('stream.chat.pinned', (e) => {
    if (e.streamId === streamId) setPinned(() => e.message);
  });
  useRealtimeEvent('stream.chat.deleted', (e) => {
    if (e.streamId === streamId) setPinned((p) => (p?.id === e.messageId ? null : p));
  });
  useRealtimeEvent('stream.chat.purged', (e) => {
    if (e.streamId === streamId) setPinned((p) => (p?.author.id === e.userId ? null : p));
  });
  // Made a moderator of a creator's chats, or no longer: whether you moderate this one is asked again.
  useRealtimeEvent('chat.moderator.changed', () => void qc.invalidateQueries({ queryKey: [...chatKeys.stream(streamId), 'rules'] }));
  return useQuery({
    queryKey: rulesKey(streamId, user?.id),
    queryFn: ({ signal }) => api<ChatRulesView>(`${chatPath(streamId)}/rules`, { signal }),
    enabled,
  });
}

/** The creator makes the chat holders-only from a minimum of the token, or open to anyone again (null). */
export function useSetChatRules(streamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PutChatRulesInput) => api<ChatRules>(`${chatPath(streamId)}/rules`, { method: 'PUT', json: input }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...chatKeys.stream(streamId), 'rules'] }),
  });
}

const moderatorsKey = ['channel-moderators'] as const;

/** The moderators you appointed to your chats. */
export function useChannelModerators() {
  return useQuery({
    queryKey: moderatorsKey,
    queryFn: async ({ signal }) => (await api<{ moderators: ChannelModerator[] }>('/api/profile/moderators', { signal })).moderators,
  });
}

/** Appoints someone, by username, to moderate your chats. */
export function useAppointModerator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AppointModeratorInput) => api<ChannelModerator>('/api/profile/moderators', { method: 'POST', json: input }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: moderatorsKey }),
  });
}

/** Removes one of your chats' moderators; they leave the list at once. */
export function useRemoveModerator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<void>(`/api/profile/moderators/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: (_, userId) => {
      qc.setQueryData<ChannelModerator[]>(moderatorsKey, (old) => old?.filter((m) => m.user.id !== userId));
      void qc.invalidateQueries({ queryKey: moderatorsKey });
    },
  });
}

/**
 * For those who moderate the chat: the messages blocked words hold for review, kept current by the
 * `chat.held` event (the creator and their moderators hear of each at once) and by the room (an
 * approved message arrives as chat; a deleted one is gone).
 */
export function useHeldMessages(streamId: string, enabled: boolean) {
  const qc = useQueryClient();
  const key = chatKeys.held(streamId);
  useRealtimeEvent('chat.held', (m) => {
    if (m.streamId === streamId) qc.setQueryData<ChatMessage[]>(key, (old) => (old ? withMessage(old, m) : old));
  });
  const drop = (eventStreamId: string, id: string) => {
    if (eventStreamId === streamId) qc.setQueryData<ChatMessage[]>(key, (old) => old?.filter((m) => m.id !== id));
  };
  useRealtimeEvent('stream.chat', (m) => drop(m.streamId, m.id));
  useRealtimeEvent('stream.chat.deleted', (e) => drop(e.streamId, e.messageId));
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await api<{ messages: ChatMessage[] }>(`${chatPath(streamId)}/held`, { signal })).messages,
    enabled,
  });
}

/** Lets a held message into the chat; the room brings it to everyone. */
export function useApproveHeld(streamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => api<void>(`${chatPath(streamId)}/${encodeURIComponent(messageId)}/approve`, { method: 'POST' }),
    onSuccess: (_, messageId) => qc.setQueryData<ChatMessage[]>(chatKeys.held(streamId), (old) => old?.filter((m) => m.id !== messageId)),
  });
}

/** Deletes a held message: it never shows. */
export function useRejectHeld(streamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => api<void>(`${chatPath(streamId)}/${encodeURIComponent(messageId)}`, { method: 'DELETE' }),
    onSuccess: (_, messageId) => qc.setQueryData<ChatMessage[]>(chatKeys.held(streamId), (old) => old?.filter((m) => m.id !== messageId)),
  });
}

const filterKey = ['chat-filter'] as const;
const platformFilterKey = ['chat-filter', 'platform'] as const;

/** Your chats' blocked words and whether a match is held or refused. */
export function useChannelChatFilter() {
  return useQuery({ queryKey: filterKey, queryFn: ({ signal }) => api<ChannelChatFilter>('/api/profile/chat-filter', { signal }) });
}

export function useSaveChannelChatFilter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ChannelChatFilterInput) => api<ChannelChatFilter>('/api/profile/chat-filter', { method: 'PUT', json: input }),
    onSuccess: (saved) => qc.setQueryData(filterKey, saved),
  });
}

/** The platform's blocked words (platform moderators and admins). */
export function usePlatformChatFilter() {
  return useQuery({ queryKey: platformFilterKey, queryFn: ({ signal }) => api<PlatformChatFilter>('/api/admin/chat-filter', { signal }) });
}

export function useSavePlatformChatFilter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { terms: string[] }) => api<PlatformChatFilter>('/api/admin/chat-filter', { method: 'PUT', json: input }),
    onSuccess: (saved) => qc.setQueryData(platformFilterKey, saved),
  });
}

const allowedLinksKey = ['allowed-links'] as const;

/** The domains anyone may link to in your chats. */
export function useAllowedLinks() {
  return useQuery({ queryKey: allowedLinksKey, queryFn: ({ signal }) => api<AllowedLinks>('/api/profile/allowed-links', { signal }) });
}

export function useSaveAllowedLinks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AllowedLinksInput) => api<AllowedLinks>('/api/profile/allowed-links', { method: 'PUT', json: input }),
    onSuccess: (saved) => {
      qc.setQueryData(allowedLinksKey, saved);
      // Open chats of your streams link what you now allow.
      void qc.invalidateQueries({ queryKey: chatKeys.all });
    },
  });
}

/** Pins a message above the chat (`messageId`), or takes the pin away (null); the room tells everyone. */
export function usePinChat(streamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string | null) =>
      messageId
        ? api<ChatMessage>(`${chatPath(streamId)}/pin`, { method: 'PUT', json: { messageId } })
        : api<void>(`${chatPath(streamId)}/pin`, { method: 'DELETE' }).then(() => null),
    onSuccess: (pinned) =>
      qc.setQueriesData<ChatRulesView>({ queryKey: [...chatKeys.stream(streamId), 'rules'] }, (old) => (old ? { ...old, pinned: pinned ?? null } : old)),
  });
}
