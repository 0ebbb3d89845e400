import { z } from 'zod';
import type { ChatMessage, ChatRules } from '../chat/chat.js';
import type { Payment } from '../payments/payments.js';
import type { AppRole } from '../roles/roles.js';
import type { MyVerification } from '../verification/verification.js';
import { CreatorSchema } from '../profiles/creator.js';
import type { StreamDetail } from '../live/streams.js';
import type { StreamHealth } from '../live/stream-rules.js';

export const NotificationSchema = z.object({
  id: z.string(),
  type: z.enum(['follow', 'donation', 'like', 'comment', 'share', 'bounty_claim']),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  contentId: z.string().nullable(),
  contentType: z.string().nullable(),
  actor: CreatorSchema.nullable(),
});
export type AppNotification = z.infer<typeof NotificationSchema>;

/**
 * Every realtime event, by name, with its payload: one typed map for the server and the client
 * (docs/architecture.md), so a renamed event breaks the build, not production.
 */
export interface RealtimeEvents {
  /**
   * Sent once a socket is open (`userId` null for a guest, whose socket only joins stream rooms);
   * after a reconnect the client joins its rooms again and catches up by refetching.
   */
  hello: { userId: string | null };
  'notification.created': AppNotification;
  'notification.read': { ids: string[] | 'all' };
  'notification.deleted': { id: string };
  /** The owner's video moved on while it is made ready: progress, ready, or failed with why. */
  'video.processing': VideoProcessingEvent;
  /** A socket's join was taken: it now gets the stream's events. */
  'stream.joined': { streamId: string };
  /** A message on the socket was refused (unknown stream, too many rooms, malformed). */
  'realtime.refused': { code: 'invalid_message' | 'unknown_stream' | 'too_many_rooms'; message: string; streamId?: string };
  /**
   * To a stream's room: people watching now (every server summed) and the most at once. A socket
   * that joins a live stream's room is sent it at once, itself counted, right after `stream.joined`.
   */
  'stream.viewers': { streamId: string; viewers: number; peak: number };
  /** To a live stream's creator, every few seconds: how it arrives from their encoder and is encoded. */
  'stream.health': StreamHealth;
  /** To a stream's room: it went live, started or stopped getting media, ended, or has its replay. */
  'stream.status': StreamStatusEvent;
  'stream.chat': ChatMessage;
  'stream.chat.deleted': { streamId: string; messageId: string };
  /** To a stream's room: a chatter was banned, and their messages in this stream are gone. */
  'stream.chat.purged': { streamId: string; userId: string };
  /** To a stream's room: the creator changed who may write in its chat (holders only, or anyone). */
  'stream.chat.rules': { streamId: string } & ChatRules;
  /** To a stream's room: a message was pinned above the chat, or the pin was taken away (null). */
  'stream.chat.pinned': { streamId: string; message: ChatMessage | null };
  /** To the payer (and, once finalized, the payee): a payment moved on (pending, confirmed, finalized, failed). */
  'payment.status': Payment;
  /** To the person: an admin granted or took away a role (menus and admin screens follow). */
  'roles.changed': { roles: AppRole[] };
  /** To the person: a creator made them a moderator of their chats, or removed them (open chats follow). */
  'chat.moderator.changed': { channelId: string; moderator: boolean };
  /** To the creator and their moderators: a blocked word held a message in their chat for review. */
  'chat.held': ChatMessage;
  /** To the requester: their verification request was granted or rejected, or their badge revoked. */
  'verification.decided': MyVerification;
}

export type StreamStatusEvent = Pick<StreamDetail, 'status' | 'hlsUrl' | 'startedAt' | 'endedAt' | 'recordingVideoId'> & {
  streamId: string;
  /** Media is arriving right now. */
  publishing: boolean;
  /** When an upcoming stream starts (its creator may move it); absent from senders that do not know it. */
  scheduledAt?: string | null;
};

/** Events that go to a stream's room rather than to one user. */
export type StreamEventName =
  'stream.viewers' | 'stream.status' | 'stream.chat' | 'stream.chat.deleted' | 'stream.chat.purged' | 'stream.chat.rules' | 'stream.chat.pinned';

export interface VideoProcessingEvent {
  id: string;
  status: 'processing' | 'ready' | 'failed' | 'held';
  percent: number;
  failureReason: string | null;
}
export type RealtimeEventName = keyof RealtimeEvents;
export interface RealtimeMessage<K extends RealtimeEventName = RealtimeEventName> {
  event: K;
  data: RealtimeEvents[K];
}
