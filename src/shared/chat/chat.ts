import { z } from 'zod';
import { CreatorSchema } from '../profiles/creator.js';
import { PlaybackReportSchema } from '../analytics/analytics.js';

/** docs/product.md "Live chat": the numbers both sides keep. */
export const CHAT_MESSAGE_MAX = 300;
/** Messages a stream's chat loads when its page opens. */
export const CHAT_HISTORY = 50;
/** One message a second per user, and at most 20 in any 30 seconds. */
export const CHAT_MIN_INTERVAL_MS = 1_000;
export const CHAT_BURST_LIMIT = 20;
export const CHAT_BURST_WINDOW_MS = 30_000;
/** The longest timeout; a ban has no end. */
export const CHAT_TIMEOUT_MAX_SECONDS = 14 * 24 * 3600;
/** The timeout the moderator menu offers. */
export const CHAT_QUICK_TIMEOUT_SECONDS = 5 * 60;
export const CHAT_REASON_MAX = 200;
/** Restrictions the moderators' list shows at most, newest first. */
export const CHAT_RESTRICTIONS_MAX = 500;

export const CHAT_EMPTY = 'Type a message';
export const CHAT_TOO_LONG = `Messages can be at most ${CHAT_MESSAGE_MAX} characters`;
export const CHAT_NOT_LIVE = 'Chat is open while the stream is live.';
export const CHAT_TOO_FAST = 'You are sending messages too quickly. Wait a moment and try again.';
export const CHAT_MESSAGE_NOT_FOUND = 'This message no longer exists.';
export const CHAT_NOT_MODERATOR = 'Only the creator and moderators can moderate this chat.';
export const CHAT_RULES_NOT_MODERATOR = 'Only the creator and moderators can change this chat’s modes.';
export const CHAT_NOT_THE_CREATOR = 'The creator cannot be timed out in their own chat.';
export const CHAT_NOT_STAFF = 'Platform moderators cannot be timed out here.';
export const CHAT_USER_NOT_FOUND = 'User not found';

/** What a timed-out or banned user reads when they try to post. */
export function chatRestrictedMessage(until: string | null): string {
  if (!until) return 'You are banned from this chat.';
  const iso = new Date(until).toISOString();
  return `You are timed out in this chat until ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC.`;
}

/** Control characters other than tab and line breaks (which become spaces). */
function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/** A message as people type it: surrounding blanks are trimmed, line breaks become spaces. */
export const ChatBodySchema = z
  .string()
  .trim()
  .min(1, CHAT_EMPTY)
  .max(CHAT_MESSAGE_MAX, CHAT_TOO_LONG)
  .refine((s) => !hasControlCharacter(s), 'Messages cannot contain control characters');

/** The chat routes' path parameters: `/api/streams/:id/chat...`. */
export const ChatStreamParamsSchema = z.object({ id: z.guid() });
export const ChatMessageParamsSchema = ChatStreamParamsSchema.extend({ messageId: z.guid() });
export const ChatChatterParamsSchema = ChatStreamParamsSchema.extend({ userId: z.string().min(1).max(64) });

/** `POST /api/streams/:id/chat`. */
export const PostChatSchema = z.object({ body: ChatBodySchema });
export type PostChatInput = z.input<typeof PostChatSchema>;

export const ChatMessageSchema = z.object({
  id: z.string(),
  streamId: z.string(),
  body: z.string(),
  createdAt: z.string(),
  author: CreatorSchema,
  /** A tip's message: the SOL it carried, verified on chain (shown highlighted). */
  tipSol: z.string().nullable().default(null),
  /** The author's linked wallets held the stream's token when they sent it (a "Holder" badge). */
  holder: z.boolean().default(false),
  /**
   * Its addresses are links (through the leaving page) only when its author may link: the
   * creator or platform staff. Anyone else's stay text: drainer links spread in crypto chats.
   */
  linksAllowed: z.boolean().default(false),
  /** The author moderated the creator's chats when they sent it (a "Mod" badge). */
  channelModerator: z.boolean().default(false),
  /** A blocked word held it for a moderator: shown to them (to approve or delete) and to its author only. */
  held: z.boolean().default(false),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatHistorySchema = z.object({ messages: z.array(ChatMessageSchema) });

/** `POST /api/streams/:id/chat/timeouts`: `seconds` for a timeout, null (or left out) for a ban. */
export const ChatTimeoutSchema = z.object({
  userId: z.string().trim().min(1).max(64),
  seconds: z.number().int().min(1).max(CHAT_TIMEOUT_MAX_SECONDS).nullable().default(null),
  reason: z.string().trim().max(CHAT_REASON_MAX).default(''),
});
export type ChatTimeoutInput = z.input<typeof ChatTimeoutSchema>;

export const ChatRestrictionSchema = z.object({
  userId: z.string(),
  /** Null for a ban. */
  until: z.string().nullable(),
});

const RestrictedChatterFields = z.object({
  user: CreatorSchema,
  /** Who timed them out or banned them; null once that account is gone. */
  by: CreatorSchema.nullable(),
  /** When it was given (a new timeout or ban replaces the old one). */
  createdAt: z.string(),
  reason: z.string(),
});

/** A chatter timed out (until `until`) or banned in a creator's chats, as moderators see it. */
export const RestrictedChatterSchema = z.discriminatedUnion('kind', [
  RestrictedChatterFields.extend({ kind: z.literal('timeout'), until: z.string() }),
  RestrictedChatterFields.extend({ kind: z.literal('ban'), until: z.null() }),
]);
export type RestrictedChatter = z.infer<typeof RestrictedChatterSchema>;

/** `GET /api/streams/:id/chat/restrictions`: the restrictions in force, newest first. */
export const RestrictedChattersSchema = z.object({ restrictions: z.array(RestrictedChatterSchema) });
export type RestrictedChatters = z.infer<typeof RestrictedChattersSchema>;

/** The remaining characters shown under the input (negative when over). */
export const remainingChars = (text: string) => CHAT_MESSAGE_MAX - text.trim().length;

export type ChatPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URLISH = /\bhttps?:\/\/[^\s<>"']+/gi;

/**
 * A message split into plain text and http(s) links, for rendering as text nodes and anchors:
 * nothing in a message is ever HTML, and no other scheme (javascript:, data:) becomes a link.
 */
export function chatParts(body: string): ChatPart[] {
  const parts: ChatPart[] = [];
  let last = 0;
  for (const m of body.matchAll(URLISH)) {
    // A sentence's closing punctuation is not part of the address.
    const raw = m[0].replace(/[.,;:!?)\]]+$/, '');
    if (!/^https?:\/\/[^/]/i.test(raw)) continue;
    const start = m.index;
    // The pattern only matches from http:// or https://, so the address cannot carry another scheme.
    const href = raw;
    if (start > last) parts.push({ kind: 'text', text: body.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

/** Whether a message has an address in it (only then does its author's right to link matter). */
export const hasLink = (body: string) => chatParts(body).some((p) => p.kind === 'link');

/** At most this many stream rooms per socket. */
export const MAX_ROOMS_PER_SOCKET = 5;

/**
 * What a browser may send on the realtime socket: join or leave a stream's room, or report where
 * a playback is (the studio's heartbeat, sent over the socket by players that have one open
 * instead of an HTTP request each time).
 */
export const RealtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), streamId: z.guid() }),
  z.object({ type: z.literal('leave'), streamId: z.guid() }),
  PlaybackReportSchema.extend({ type: z.literal('playback') }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessageSchema>;

/** A token amount in whole tokens as people type it: digits, a point and up to 9 decimals. */
const WholeTokens = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,9})?$/, 'Enter an amount such as 1000 or 0.5')
  .refine((v) => Number(v) > 0, 'Enter an amount above zero');

/** The slow-mode intervals a creator picks from, in seconds. */
export const SLOW_MODE_SECONDS = [3, 5, 10, 30, 60, 120] as const;
/** The longest a followers-only chat may ask chatters to have followed, in minutes (a month). */
export const FOLLOWERS_ONLY_MAX_MINUTES = 30 * 24 * 60;

/** What a stream's chat asks of chatters (`GET` and `PUT /api/streams/{id}/chat/rules`); null: not asked. */
export const ChatRulesSchema = z.object({
  /** Only holders of the stream's token may write: at least `minimum` whole tokens. */
  holdersOnly: z.object({ minimum: z.string(), symbol: z.string().nullable() }).nullable(),
  /** One message per chatter every so many seconds. */
  slowSeconds: z.number().int().nullable(),
  /** Only followers of the creator, followed for at least so many minutes (0: any follower). */
  followersMinutes: z.number().int().nullable(),
});
export type ChatRules = z.infer<typeof ChatRulesSchema>;

export const ChatRulesViewSchema = ChatRulesSchema.extend({
  /** The message pinned above the chat by the creator or a moderator. */
  pinned: ChatMessageSchema.nullable().default(null),
  /** Domains anyone's links may go to in this channel's chats (their subdomains too); other addresses stay text. */
  allowedDomains: z.array(z.string()).default([]),
  /** Signed in: whether you may write, why not, and whether you hold the token. Null for a guest. */
  you: z
    .object({
      mayPost: z.boolean(),
      reason: z.string().nullable(),
      holder: z.boolean(),
      /** You may moderate this chat and set its modes: its creator, one of their moderators, platform staff. */
      moderates: z.boolean().default(false),
    })
    .nullable(),
});
export type ChatRulesView = z.infer<typeof ChatRulesViewSchema>;

/** `PUT /api/streams/{id}/chat/rules`: the rules sent change, the others stay; null turns one off. */
export const PutChatRulesSchema = z.object({
  holdersOnly: z.object({ minimum: WholeTokens }).nullable().optional(),
  slowSeconds: z
    .number()
    .int()
    .refine((v) => (SLOW_MODE_SECONDS as readonly number[]).includes(v), `Choose ${SLOW_MODE_SECONDS.join(', ')} seconds`)
    .nullable()
    .optional(),
  followersMinutes: z
    .number()
    .int()
    .min(0, 'Enter minutes from 0')
    .max(FOLLOWERS_ONLY_MAX_MINUTES, `At most ${FOLLOWERS_ONLY_MAX_MINUTES} minutes (30 days)`)
    .nullable()
    .optional(),
});
export type PutChatRulesInput = z.input<typeof PutChatRulesSchema>;

/** What a chatter reads when slow mode holds their next message back. */
export function chatSlowModeMessage(seconds: number): string {
  return `Slow mode is on: one message every ${seconds} seconds. Wait a moment and try again.`;
}

/** What someone who does not follow the creator (or not for long enough) reads instead of the message box. */
export function chatFollowersOnlyMessage(creatorName: string, minutes: number): string {
  if (minutes === 0) return `Only followers of ${creatorName} can chat here. Follow them to join in.`;
  const wait =
    minutes % 1440 === 0
      ? `${minutes / 1440} ${minutes === 1440 ? 'day' : 'days'}`
      : minutes % 60 === 0
        ? `${minutes / 60} ${minutes === 60 ? 'hour' : 'hours'}`
        : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `Only people who have followed ${creatorName} for at least ${wait} can chat here.`;
}

export const CHAT_HOLDERS_NEED_TOKEN = 'Holders-only chat needs a stream with a token.';
export const CHAT_BALANCE_UNKNOWN = 'Your balance could not be checked just now. Try again in a moment.';

/** What a chatter without enough of the token reads instead of the message box. */
export function chatHoldersOnlyMessage(symbol: string | null, minimum: string): string {
  return `Only holders of at least ${minimum} ${symbol ? `$${symbol}` : 'of the stream’s token'} can chat here. Link a wallet that holds it in Settings to join in.`;
}

/** Moderators a creator may appoint to their own channel. */
export const CHANNEL_MODERATORS_MAX = 50;
export const CHANNEL_MODERATOR_SELF = 'You moderate your own channel already.';
export const CHANNEL_MODERATORS_FULL = `A channel can have at most ${CHANNEL_MODERATORS_MAX} moderators.`;
export const CHANNEL_MODERATOR_NOT_FOUND = 'No one has this username.';
export const CHAT_NOT_ANOTHER_MODERATOR = 'Only the creator can time out or ban one of their moderators.';

/** `POST /api/profile/moderators`: appoint someone, by username, to moderate your channel's chats. */
export const AppointModeratorSchema = z.object({
  username: z
    .string()
    .trim()
    .transform((s) => s.replace(/^@/, ''))
    .pipe(z.string().min(1, 'Enter a username').max(64, CHANNEL_MODERATOR_NOT_FOUND)),
});
export type AppointModeratorInput = z.input<typeof AppointModeratorSchema>;
export const ChannelModeratorParamsSchema = z.object({ userId: z.string().min(1).max(64) });

/** Someone who moderates a creator's chats, and since when. */
export const ChannelModeratorSchema = z.object({ user: CreatorSchema, since: z.string() });
export type ChannelModerator = z.infer<typeof ChannelModeratorSchema>;
export const ChannelModeratorsSchema = z.object({ moderators: z.array(ChannelModeratorSchema) });

/** `PUT /api/streams/{id}/chat/pin`: pin one of the chat's messages above it (replacing the last). */
export const PinChatSchema = z.object({ messageId: z.guid() });
export const CHAT_PIN_NOT_FOUND = 'This message can no longer be pinned.';

/** A replay's chat: messages before the position asked for (to fill the panel) and after it. */
export const CHAT_REPLAY_BEFORE = 50;
export const CHAT_REPLAY_AFTER = 200;
export const ChatReplayQuerySchema = z.object({ at: z.coerce.number().min(0).max(10_000_000).default(0) });
/** A message of the replay's chat, with where in the replay it was sent (seconds). */
export const ChatReplayMessageSchema = ChatMessageSchema.extend({ at: z.number() });
export type ChatReplayMessage = z.infer<typeof ChatReplayMessageSchema>;
/** `GET /api/videos/{id}/chat-replay?at=`: `available` false when the video is no stream's replay. */
export const ChatReplaySchema = z.object({
  available: z.boolean(),
  messages: z.array(ChatReplayMessageSchema),
  /** More messages come after the last one here. */
  more: z.boolean(),
});
export type ChatReplay = z.infer<typeof ChatReplaySchema>;
