import { z } from 'zod';
import { CaptionTrackSchema } from './captions.js';
import { CATEGORY_NAMES, findCategory } from '../categories/categories.js';
import {
  COMMENT_MAX,
  DESCRIPTION_MAX,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  TITLE_MAX,
  VIDEO_KINDS,
  VIDEO_PAGE_MAX,
  VIDEO_PAGE_SIZE,
  VISIBILITIES,
} from './video-rules.js';
import { CreatorSchema } from '../profiles/creator.js';
import { ACCESS, PriceSchema } from '../x402/x402.js';

// Limits, messages and rules without zod live in ./video-rules.ts, so screens that only need a
// number or a message do not load the schema library.
export * from './video-rules.js';

export const CategoryField = z
  .string()
  .refine((v) => !!findCategory(v), { message: 'Choose a category' })
  .transform((v) => findCategory(v)!.slug);

/** Tags as typed: trimmed, lower case, without repeats; no default, so an edit that leaves them out keeps them. */
export const TagsField = z
  .array(z.string().trim().toLowerCase().min(1).max(TAG_MAX_LENGTH, `Tags must be at most ${TAG_MAX_LENGTH} characters`))
  .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
  .transform((t) => [...new Set(t)]);

export const CreateVideoSchema = z.object({
  kind: z.enum(VIDEO_KINDS),
  title: z.string().trim().min(1, 'Title is required').max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  description: z.string().trim().max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`).default(''),
  category: CategoryField,
  tags: TagsField.default([]),
  visibility: z.enum(VISIBILITIES).default('public'),
  /** Pay-per-view: a price in USDC; absent for a free video. */
  priceUsdc: PriceSchema.optional(),
});
export type CreateVideoInput = z.input<typeof CreateVideoSchema>;

/** `GET /api/videos`: a page of ready public videos or shorts. */
export const VideoListQuerySchema = z.object({
  kind: z.enum(VIDEO_KINDS).default('long'),
  category: z.string().max(64).optional(),
  sort: z.enum(['newest', 'trending']).default('newest'),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(VIDEO_PAGE_MAX).default(VIDEO_PAGE_SIZE),
  exclude: z.guid().optional(),
  owner: z.string().max(64).optional(),
});

export const UpdateVideoSchema = z.object({
  title: CreateVideoSchema.shape.title.optional(),
  description: z.string().trim().max(DESCRIPTION_MAX).optional(),
  category: CategoryField.optional(),
  tags: TagsField.optional(),
  visibility: z.enum(VISIBILITIES).optional(),
  /** One of the frames processing picked, by index. */
  thumbnailIndex: z.number().int().min(0).max(9).optional(),
  /** A price in USDC (pay-per-view), or null to make the video free again. */
  priceUsdc: PriceSchema.nullable().optional(),
});

/** What the owner reads about a video processed while their account was suspended (status `held`). */
export const VIDEO_HELD = 'Processed, and held while your account is suspended: it is published when the suspension ends.';

export const VideoDetailSchema = z.object({
  id: z.string(),
  kind: z.enum(VIDEO_KINDS),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  status: z.enum(['uploading', 'processing', 'ready', 'failed', 'removed', 'held']),
  visibility: z.enum(VISIBILITIES),
  processingPercent: z.number(),
  failureReason: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  thumbnailUrl: z.string().nullable(),
  thumbnailCandidates: z.array(z.string()),
  /** The playlist to play; null while processing, and for a priced video the viewer has not unlocked. */
  hlsUrl: z.string().nullable(),
  sprite: z.object({ url: z.string(), interval: z.number(), columns: z.number(), rows: z.number(), tileWidth: z.number(), tileHeight: z.number() }).nullable(),
  /** Its captions, one track per language; none for a priced video the viewer has not unlocked. */
  captions: z.array(CaptionTrackSchema),
  /** Pay-per-view price in USDC, or null when free. */
  priceUsdc: z.string().nullable(),
  /** What this viewer may do with the media (docs/product.md "Pay-per-view"). */
  access: z.enum(ACCESS),
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  creator: CreatorSchema,
  /** A clip: the live stream it was cut from. */
  clipOf: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** A clip: who made it (credited only; the clip is the creator's). */
  clippedBy: CreatorSchema.nullable(),
  /** For the signed-in viewer. */
  likedByMe: z.boolean(),
  isOwner: z.boolean(),
  resumeAt: z.number().nullable(),
});
export type VideoDetail = z.infer<typeof VideoDetailSchema>;

export const CommentSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  author: CreatorSchema,
  isMine: z.boolean(),
  /** A reply: the top-level comment it answers (replies are one level deep). */
  parentId: z.string().nullable().default(null),
  /** A top-level comment's replies. */
  replies: z.number().int().default(0),
  /** Pinned above the others, or hearted, by the video's creator. */
  pinned: z.boolean().default(false),
  hearted: z.boolean().default(false),
  /**
   * The addresses in its text that are links (through the leaving page): all of them when its
   * author is the creator, one of their chat moderators or platform staff; otherwise only those to
   * a domain the creator allows. Any other address stays text.
   */
  clickableLinks: z.array(z.string()).default([]),
});
export type Comment = z.infer<typeof CommentSchema>;

/** Replies a page of a comment's replies holds, oldest first. */
export const COMMENT_REPLIES_PAGE = 20;
export const CommentRepliesQuerySchema = z.object({ after: z.string().max(100).optional() });
/** `GET /api/comments/{id}/replies`: a page of replies, and where the next begins (null: no more). */
export const CommentRepliesSchema = z.object({ replies: z.array(CommentSchema), next: z.string().nullable() });
export type CommentReplies = z.infer<typeof CommentRepliesSchema>;
export const COMMENT_NOT_FOUND = 'This comment does not exist';
export const COMMENT_PIN_TOP_LEVEL = 'Only a comment, not a reply, can be pinned.';
export const COMMENT_CREATOR_ONLY = 'Only the video’s creator can pin or heart comments.';
export const CommentBodySchema = z.object({
  body: z.string().trim().min(1, 'Write something first').max(COMMENT_MAX, `Comments can be at most ${COMMENT_MAX} characters`),
});
/** `POST /api/videos/{id}/comments`: a comment, or with `parentId` a reply to one. */
export const PostCommentSchema = CommentBodySchema.extend({ parentId: z.guid().optional() });
export type PostCommentInput = z.input<typeof PostCommentSchema>;

export { CATEGORY_NAMES };
