/** Video and short limits, messages and pure rules, shared by the API, the worker and the screens. */
import type { VideoCard } from './video-card.js';

/** A long video (under the product's section) or a short. */
export const VIDEO_KINDS = ['long', 'short'] as const;
export type VideoKind = (typeof VIDEO_KINDS)[number];

/**
 * Who may watch a video or short: everyone, and it is listed (`public`); anyone with its link,
 * listed nowhere (`unlisted`); its owner alone (`private`: 404 "not available" to everyone else).
 */
export const VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** Shorts are vertical or square and at most 3 minutes (docs/product.md). */
export const SHORT_MAX_SECONDS = 180;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 5000;
export const TAGS_MAX = 10;
export const TAG_MAX_LENGTH = 30;
export const COMMENT_MAX = 2000;
/** Video lists: a page by default, and the most one request may ask for. */
export const VIDEO_PAGE_SIZE = 24;
export const VIDEO_PAGE_MAX = 48;
/** The shorts feed loads fewer at a time: each one is a full screen. */
export const SHORTS_PAGE_SIZE = 10;
/** A view counts once per viewer per this window. */
export const VIEW_WINDOW_HOURS = 6;

export const SHORT_NOT_VERTICAL = 'Shorts must be vertical or square. Upload this one as a video instead.';
export const SHORT_TOO_LONG = 'Shorts can be at most 3 minutes long. Upload this one as a video instead.';
export const NOT_A_VIDEO = 'This file is not a video we can play. Upload an MP4, MOV, WebM, MKV or similar file.';

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

/** Just a video's card fields (lists send cards, not whole videos): from a detail or a row in card units. */
export function toVideoCard(v: VideoCard): VideoCard {
  return {
    id: v.id,
    kind: v.kind,
    title: v.title,
    slug: v.slug,
    category: v.category,
    thumbnailUrl: v.thumbnailUrl,
    durationSeconds: v.durationSeconds,
    views: v.views,
    likes: v.likes,
    publishedAt: v.publishedAt,
    priceUsdc: v.priceUsdc,
    creator: v.creator,
  };
}
