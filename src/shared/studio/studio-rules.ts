/**
 * The Creator Studio's content table: what it lists, how it sorts and filters, and the address
 * that keeps a view of it (`/studio?kind=short&sort=views`), without zod so the screen's first
 * load stays small. The schemas the route and the screen share are in ./studio.ts.
 */
import { VISIBILITIES, type Visibility } from '../videos/video-rules.js';

/** What a row is: a long video, a short, a live stream (scheduled, live or ended), a clip cut from a stream. */
export const CONTENT_KINDS = ['video', 'short', 'stream', 'clip'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** A row's status: a video's (uploading … held), a stream's (scheduled, live, ended), or `removed` by a moderator. */
export const CONTENT_STATUSES = ['uploading', 'processing', 'ready', 'failed', 'held', 'scheduled', 'live', 'ended', 'removed'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_SORTS = ['date', 'views', 'likes', 'comments', 'earnings'] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];
export const SORT_ORDERS = ['desc', 'asc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Rows a page of the table holds. */
export const CONTENT_PAGE_SIZE = 20;
/** The furthest page an address may ask for. */
export const CONTENT_PAGE_MAX = 500;
/** The longest text filter. */
export const CONTENT_TEXT_MAX = 100;
/** The most items one bulk action takes. */
export const BULK_MAX = 50;

export interface ContentQuery {
  kind?: ContentKind | undefined;
  status?: ContentStatus | undefined;
  visibility?: Visibility | undefined;
  q?: string | undefined;
  sort: ContentSort;
  order: SortOrder;
  page: number;
}

export const DEFAULT_CONTENT_QUERY: ContentQuery = { sort: 'date', order: 'desc', page: 1 };

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined;

/**
 * The table's view from an address's query: anything unknown, malformed or out of range falls
 * back to its default (an old or hand-edited link still opens the table), the text is trimmed
 * and cut to its limit.
 */
export function parseContentQuery(params: URLSearchParams): ContentQuery {
  const page = Number(params.get('page'));
  const q = params.get('q')?.trim().slice(0, CONTENT_TEXT_MAX);
  return {
    kind: oneOf(CONTENT_KINDS, params.get('kind')),
    status: oneOf(CONTENT_STATUSES, params.get('status')),
    visibility: oneOf(VISIBILITIES, params.get('visibility')),
    q: q || undefined,
    sort: oneOf(CONTENT_SORTS, params.get('sort')) ?? DEFAULT_CONTENT_QUERY.sort,
    order: oneOf(SORT_ORDERS, params.get('order')) ?? DEFAULT_CONTENT_QUERY.order,
    page: Number.isInteger(page) && page >= 1 && page <= CONTENT_PAGE_MAX ? page : 1,
  };
}

/** The address query of a view: only what differs from the defaults, in a fixed order (one view, one address). */
export function contentQueryParams(query: ContentQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (query.kind) out.set('kind', query.kind);
  if (query.status) out.set('status', query.status);
  if (query.visibility) out.set('visibility', query.visibility);
  if (query.q?.trim()) out.set('q', query.q.trim().slice(0, CONTENT_TEXT_MAX));
  if (query.sort !== DEFAULT_CONTENT_QUERY.sort) out.set('sort', query.sort);
  if (query.order !== DEFAULT_CONTENT_QUERY.order) out.set('order', query.order);
  if (query.page !== 1) out.set('page', String(query.page));
  return out;
}

/** Clicking a column's header: the same column flips its order, another starts from its largest (newest) first; back to page 1. */
export function sortBy(query: ContentQuery, sort: ContentSort): ContentQuery {
  return { ...query, sort, order: query.sort === sort && query.order === 'desc' ? 'asc' : 'desc', page: 1 };
}

export const KIND_LABELS: Record<ContentKind, string> = { video: 'Video', short: 'Short', stream: 'Stream', clip: 'Clip' };
export const STATUS_LABELS: Record<ContentStatus, string> = {
  uploading: 'Uploading',
  processing: 'Processing',
  ready: 'Published',
  failed: 'Failed',
  held: 'Held',
  scheduled: 'Scheduled',
  live: 'Live',
  ended: 'Ended',
  removed: 'Removed by moderators',
};
export const VISIBILITY_LABELS: Record<Visibility, string> = { public: 'Public', unlisted: 'Unlisted', private: 'Private' };
