import { z } from 'zod';
import { CategoryField } from '../videos/videos.js';
import { VISIBILITIES } from '../videos/video-rules.js';
import {
  BULK_MAX,
  CONTENT_KINDS,
  CONTENT_PAGE_MAX,
  CONTENT_SORTS,
  CONTENT_STATUSES,
  CONTENT_TEXT_MAX,
  DEFAULT_CONTENT_QUERY,
  SORT_ORDERS,
} from './studio-rules.js';

export * from './studio-rules.js';

/** `GET /api/studio/content`: the same view as the address (`parseContentQuery`), checked strictly. */
export const ContentQuerySchema = z.object({
  kind: z.enum(CONTENT_KINDS).optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
  visibility: z.enum(VISIBILITIES).optional(),
  q: z.string().trim().max(CONTENT_TEXT_MAX).optional(),
  sort: z.enum(CONTENT_SORTS).default(DEFAULT_CONTENT_QUERY.sort),
  order: z.enum(SORT_ORDERS).default(DEFAULT_CONTENT_QUERY.order),
  page: z.coerce.number().int().min(1).max(CONTENT_PAGE_MAX).default(1),
});

export const ContentRowSchema = z.object({
  id: z.string(),
  kind: z.enum(CONTENT_KINDS),
  title: z.string(),
  slug: z.string(),
  /** Category slug. */
  category: z.string(),
  status: z.enum(CONTENT_STATUSES),
  /** A stream has no visibility of its own: it is public. */
  visibility: z.enum(VISIBILITIES),
  /** Published (a video), started or scheduled (a stream), else created. */
  date: z.string(),
  /** A stream's are its peak viewers. */
  views: z.number().int(),
  /** Null where the item has none (a stream). */
  likes: z.number().int().nullable(),
  comments: z.number().int().nullable(),
  thumbnailUrl: z.string().nullable(),
  priceUsdc: z.string().nullable(),
  /** Tips and bounty rewards in SOL, x402 sales in USDC, as exact decimals ("0" when none). */
  earnings: z.object({ sol: z.string(), usdc: z.string() }),
});
export type ContentRow = z.infer<typeof ContentRowSchema>;

export const ContentPageSchema = z.object({
  items: z.array(ContentRowSchema),
  /** Rows matching the filters, across pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

const BulkItems = z
  .array(z.object({ kind: z.enum(CONTENT_KINDS), id: z.guid() }))
  .min(1, 'Select something first')
  .max(BULK_MAX, `At most ${BULK_MAX} at a time`);

export const BulkDeleteSchema = z.object({ items: BulkItems });
export const BulkCategorySchema = z.object({ items: BulkItems, category: CategoryField });

/** Each item's outcome: done, or why not (someone else's, gone, removed by moderators…); the others are done all the same. */
export const BulkResultSchema = z.object({
  results: z.array(z.object({ id: z.string(), kind: z.enum(CONTENT_KINDS), ok: z.boolean(), error: z.string().nullable() })),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;
