import { z } from 'zod';
import { CATEGORY_NAMES, findCategory } from './categories.js';
import { CreatorSchema } from './content.js';

/** Shorts are vertical or square and at most 3 minutes (PRODUCT.md). */
export const SHORT_MAX_SECONDS = 180;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 5000;
export const TAGS_MAX = 10;
export const COMMENT_MAX = 2000;
/** A view counts once per viewer per this window. */
export const VIEW_WINDOW_HOURS = 6;

export const SHORT_NOT_VERTICAL = 'Shorts must be vertical or square. Upload this one as a video instead.';
export const SHORT_TOO_LONG = 'Shorts can be at most 3 minutes long. Upload this one as a video instead.';
export const NOT_A_VIDEO = 'This file is not a video we can play. Upload an MP4, MOV, WebM, MKV or similar file.';

const CategoryField = z
  .string()
  .refine((v) => !!findCategory(v), { message: 'Choose a category' })
  .transform((v) => findCategory(v)!.slug);

export const CreateVideoSchema = z.object({
  kind: z.enum(['long', 'short']),
  title: z.string().trim().min(1, 'Title is required').max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  description: z.string().trim().max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`).default(''),
  category: CategoryField,
  tags: z
    .array(z.string().trim().toLowerCase().min(1).max(30))
    .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
    .default([])
    .transform((t) => [...new Set(t)]),
  visibility: z.enum(['public', 'unlisted']).default('public'),
});
export type CreateVideoInput = z.input<typeof CreateVideoSchema>;

export const UpdateVideoSchema = z.object({
  title: CreateVideoSchema.shape.title.optional(),
  description: z.string().trim().max(DESCRIPTION_MAX).optional(),
  category: CategoryField.optional(),
  tags: CreateVideoSchema.shape.tags.optional(),
  visibility: z.enum(['public', 'unlisted']).optional(),
  /** One of the frames processing picked, by index. */
  thumbnailIndex: z.number().int().min(0).max(9).optional(),
});

export const VideoDetailSchema = z.object({
  id: z.string(),
  kind: z.enum(['long', 'short']),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  status: z.enum(['uploading', 'processing', 'ready', 'failed', 'removed']),
  visibility: z.enum(['public', 'unlisted']),
  processingPercent: z.number(),
  failureReason: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  thumbnailUrl: z.string().nullable(),
  thumbnailCandidates: z.array(z.string()),
  hlsUrl: z.string().nullable(),
  sprite: z
    .object({ url: z.string(), interval: z.number(), columns: z.number(), rows: z.number(), tileWidth: z.number(), tileHeight: z.number() })
    .nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  creator: CreatorSchema,
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
});
export type Comment = z.infer<typeof CommentSchema>;
export const CommentBodySchema = z.object({
  body: z.string().trim().min(1, 'Write something first').max(COMMENT_MAX, `Comments can be at most ${COMMENT_MAX} characters`),
});

/**
 * Trending: recent engagement with time decay (a Hacker-News-style gravity), shared by the API's
 * SQL and the tests. Likes, comments and shares weigh more than views.
 */
export const TRENDING = { view: 1, like: 4, comment: 6, share: 8, gravity: 1.5, offsetHours: 2 } as const;
export function trendingScore(e: { views: number; likes: number; comments: number; shares: number }, ageHours: number): number {
  const points = e.views * TRENDING.view + e.likes * TRENDING.like + e.comments * TRENDING.comment + e.shares * TRENDING.share;
  return (points + 1) / Math.pow(Math.max(0, ageHours) + TRENDING.offsetHours, TRENDING.gravity);
}

/** Is this source acceptable as a short? undefined when yes, else the message to show. */
export function shortProblem(width: number, height: number, durationSeconds: number): string | undefined {
  if (width > height) return SHORT_NOT_VERTICAL;
  if (durationSeconds > SHORT_MAX_SECONDS + 0.5) return SHORT_TOO_LONG;
  return undefined;
}

export { CATEGORY_NAMES };
