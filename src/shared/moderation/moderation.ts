import { z } from 'zod';
import { CreatorSchema } from '../profiles/creator.js';

/**
 * Reports and moderation (docs/product.md "Reports and moderation"): the reasons, what can be
 * reported, what moderators do about it, and the words both sides show.
 */

export const REPORT_REASONS = ['spam', 'scam', 'harassment', 'nudity', 'violence', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  scam: 'Scam or fraud',
  harassment: 'Harassment or hate',
  nudity: 'Nudity or sexual content',
  violence: 'Violence or dangerous acts',
  copyright: 'Copyright infringement',
  other: 'Something else',
};

/** What can be reported: a video or short (`video`), a stream, a comment, a live-chat message, a profile (`user`). */
export const REPORT_TARGETS = ['video', 'stream', 'comment', 'chat_message', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
/** Targets that are content (a moderator can remove and restore them); `user` is a person. */
export const CONTENT_TARGETS = ['video', 'stream', 'comment', 'chat_message'] as const;
export type ContentTarget = (typeof CONTENT_TARGETS)[number];
export const isContentTarget = (t: ReportTarget): t is ContentTarget => t !== 'user';

export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_NOTE_MAX = 500;
/** Reports one person may send in an hour (counted on the database, across servers). */
export const REPORTS_PER_HOUR = 10;
/** Suspensions the moderators' menu offers, in hours; any length from 1 hour to a year is accepted. */
export const SUSPENSION_CHOICES_HOURS = [24, 72, 168, 720] as const;
export const SUSPENSION_MAX_HOURS = 24 * 365;
/** Groups of reports the queue shows at once. */
export const REPORT_QUEUE_MAX = 100;
/** Rows of each list on the moderation screen. */
export const MODERATION_LIST_MAX = 200;

// Messages both sides show (docs/product.md "Reports and moderation").
export const REPORT_RECEIVED = 'Report received';
export const REPORT_RECEIVED_DETAIL = 'Our moderators will review it. You will hear what they decide in your notifications.';
export const REPORT_DUPLICATE = 'You have already reported this. We will let you know what we decide.';
export const REPORT_TOO_MANY = 'You are sending too many reports. Try again later.';
export const REPORT_OWN = 'You cannot report your own content.';
export const REPORT_NOT_FOUND = 'This item does not exist or is no longer available.';
export const REPORT_DETAILS_NEEDED = 'Tell us what is wrong';
export const REPORTS_ALREADY_HANDLED = 'These reports were already handled.';
export const ACCOUNT_BANNED = 'This account has been banned for breaking Glint’s rules.';
export const STAFF_NOT_SANCTIONED = 'Moderators and admins cannot be warned, suspended or banned here; an admin removes their role first.';
export const NOT_YOURSELF = 'You cannot moderate yourself.';
export const PROFILE_NOT_REMOVABLE = 'A profile cannot be removed: warn, suspend or ban its owner instead.';
export const NOT_REMOVED = 'This item is not removed.';
export const ALREADY_REMOVED = 'This item is already removed.';
export const NOT_SANCTIONED = 'This account is not suspended or banned.';

/** What a suspended user reads when they try to post, comment, chat or stream. */
export function suspendedMessage(until: string): string {
  const iso = new Date(until).toISOString();
  return `Your account is suspended until ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC: you cannot post, comment, chat or stream until then.`;
}

/** What the page of removed content says, by what it was. */
export function removedMessage(target: ContentTarget): string {
  const what = { video: 'This video', stream: 'This stream', comment: 'This comment', chat_message: 'This message' }[target];
  return `${what} was removed for breaking Glint’s rules.`;
}

/** `POST /api/reports`. */
export const CreateReportSchema = z
  .object({
    targetType: z.enum(REPORT_TARGETS),
    targetId: z.string().trim().min(1).max(64),
    reason: z.enum(REPORT_REASONS, 'Choose a reason'),
    details: z.string().trim().max(REPORT_DETAILS_MAX, `Details can be at most ${REPORT_DETAILS_MAX} characters`).default(''),
  })
  .refine((r) => r.reason !== 'other' || r.details.length > 0, { message: REPORT_DETAILS_NEEDED, path: ['details'] });
export type CreateReportInput = z.input<typeof CreateReportSchema>;

export const ReportCreatedSchema = z.object({ id: z.string(), message: z.string() });

/** Decisions on reported items and on people. */
export const MODERATION_ACTIONS = ['remove', 'warn', 'suspend', 'ban', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  remove: 'Remove content',
  warn: 'Warn the user',
  suspend: 'Suspend the user',
  ban: 'Ban the user',
  dismiss: 'Dismiss',
};

const NoteField = z.string().trim().max(MODERATION_NOTE_MAX, `Notes can be at most ${MODERATION_NOTE_MAX} characters`).default('');
const HoursField = z.number().int().min(1).max(SUSPENSION_MAX_HOURS);

/**
 * A moderator's decision on a reported item (every open report of it at once), or on any item or
 * person found by search (`dismiss` only applies to reports). `hours` is the suspension's length.
 */
export const ModerationDecisionSchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS),
    /** The rule it broke; by default the reason most reporters gave. */
    reason: z.enum(REPORT_REASONS).optional(),
    note: NoteField,
    hours: HoursField.optional(),
  })
  .refine((d) => d.action !== 'suspend' || d.hours !== undefined, { message: 'Choose how long the suspension lasts', path: ['hours'] });
export type ModerationDecisionInput = z.input<typeof ModerationDecisionSchema>;

/** `.../:targetType/:targetId` in the admin routes. */
export const ModerationTargetParamsSchema = z.object({ targetType: z.enum(REPORT_TARGETS), targetId: z.string().min(1).max(64) });
export const LiftSchema = z.object({ note: NoteField });

export const ReportQueueQuerySchema = z.object({ sort: z.enum(['newest', 'most_reported']).default('newest') });

/** An item as moderators see it, in place: what it is and enough to judge it. */
export const ModeratedItemSchema = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  /** `long` or `short` for videos. */
  kind: z.string().nullable(),
  title: z.string(),
  /** A comment's or message's words, a profile's bio, a video's description. */
  text: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** The video's playlist (moderators watch priced ones free), or a live stream's. */
  hlsUrl: z.string().nullable(),
  /** Where the item lives in the app (the video, the stream, the profile); null when gone. */
  href: z.string().nullable(),
  /** Where a comment or message was written (the video's or stream's title). */
  context: z.string().nullable(),
  owner: CreatorSchema.nullable(),
  removedAt: z.string().nullable(),
  /** The owner's standing now. */
  ownerSanction: z.object({ kind: z.enum(['suspension', 'ban']), until: z.string().nullable() }).nullable(),
  createdAt: z.string().nullable(),
});
export type ModeratedItem = z.infer<typeof ModeratedItemSchema>;

export const ReportQueueEntrySchema = z.object({
  item: ModeratedItemSchema,
  /** Open reports of the item. */
  count: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
});
export type ReportQueueEntry = z.infer<typeof ReportQueueEntrySchema>;
export const ReportQueueSchema = z.object({ entries: z.array(ReportQueueEntrySchema) });

export const ReportViewSchema = z.object({
  id: z.string(),
  reporter: CreatorSchema.nullable(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(['open', 'actioned', 'dismissed']),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type ReportView = z.infer<typeof ReportViewSchema>;

export const AuditViewSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: CreatorSchema.nullable(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditView = z.infer<typeof AuditViewSchema>;

/** One reported item with its reports and what was done before to it and to its owner. */
export const ReportCaseSchema = z.object({
  item: ModeratedItemSchema,
  open: z.array(ReportViewSchema),
  earlier: z.array(ReportViewSchema),
  history: z.array(AuditViewSchema),
});
export type ReportCase = z.infer<typeof ReportCaseSchema>;

export const DecisionResultSchema = z.object({ action: z.enum(MODERATION_ACTIONS), resolvedReports: z.number().int(), item: ModeratedItemSchema });
export type DecisionResult = z.infer<typeof DecisionResultSchema>;

export const SanctionViewSchema = z.object({
  user: CreatorSchema,
  kind: z.enum(['suspension', 'ban']),
  until: z.string().nullable(),
  reason: z.string(),
  by: CreatorSchema.nullable(),
  createdAt: z.string(),
});
export type SanctionView = z.infer<typeof SanctionViewSchema>;

export const ChatRestrictionViewSchema = z.object({
  channel: CreatorSchema,
  user: CreatorSchema,
  kind: z.enum(['timeout', 'ban']),
  until: z.string().nullable(),
  reason: z.string(),
  by: CreatorSchema.nullable(),
  createdAt: z.string(),
});
export type ChatRestrictionView = z.infer<typeof ChatRestrictionViewSchema>;

export const ModerationOverviewSchema = z.object({
  removed: z.array(ModeratedItemSchema),
  sanctions: z.array(SanctionViewSchema),
  chatRestrictions: z.array(ChatRestrictionViewSchema),
});
export type ModerationOverview = z.infer<typeof ModerationOverviewSchema>;

export const ModerationSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(100) });
export const ModerationSearchSchema = z.object({ items: z.array(ModeratedItemSchema) });
export type ModerationSearch = z.infer<typeof ModerationSearchSchema>;

export const ChatRestrictionParamsSchema = z.object({ channelId: z.string().min(1).max(64), userId: z.string().min(1).max(64) });

/** How a decision reads in the audit log (`<subject>.<verb>`). */
export const AUDIT_ACTION_OF: Record<ModerationAction, string> = {
  remove: 'content.remove',
  warn: 'user.warn',
  suspend: 'user.suspend',
  ban: 'user.ban',
  dismiss: 'report.dismiss',
};

/** The audit log's actions, in words, for the history moderators read. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'content.remove': 'Removed',
  'content.restore': 'Restored',
  'user.warn': 'Warned',
  'user.suspend': 'Suspended',
  'user.ban': 'Banned',
  'user.unsuspend': 'Suspension lifted',
  'user.unban': 'Ban lifted',
  'report.dismiss': 'Reports dismissed',
  'chat.lift': 'Chat restriction lifted',
  'chat.delete': 'Chat message deleted',
  'chat.timeout': 'Timed out in a chat',
  'chat.ban': 'Banned from a chat',
  'chat.modes': 'Chat modes changed',
  'chat.approve': 'Held chat message approved',
  'chat.pin': 'Chat message pinned',
  'chat.unpin': 'Chat message unpinned',
  'chat.filter': 'Blocked words changed',
  'channel.moderator.add': 'Made a channel moderator',
  'channel.moderator.remove': 'Removed as a channel moderator',
};
