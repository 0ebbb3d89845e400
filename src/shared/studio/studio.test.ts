import { describe, expect, it } from 'vitest';
import {
  CONTENT_PAGE_MAX,
  CONTENT_TEXT_MAX,
  ContentQuerySchema,
  contentQueryParams,
  DEFAULT_CONTENT_QUERY,
  parseContentQuery,
  sortBy,
  BulkCategorySchema,
  BulkDeleteSchema,
  BULK_MAX,
} from './studio.js';

const parse = (q: string) => parseContentQuery(new URLSearchParams(q));

describe('the content table’s address', () => {
  it('reads a view: filters, text, sort, order and page', () => {
    expect(parse('kind=short&status=ready&visibility=private&q=%20sol%20&sort=views&order=asc&page=3')).toEqual({
      kind: 'short',
      status: 'ready',
      visibility: 'private',
      q: 'sol',
      sort: 'views',
      order: 'asc',
      page: 3,
    });
  });

  it('opens on the newest first, page 1, with no filter', () => {
    expect(parse('')).toEqual({ ...DEFAULT_CONTENT_QUERY, kind: undefined, status: undefined, visibility: undefined, q: undefined });
  });

  it('falls back to the default for anything unknown or out of range, so an old link still opens', () => {
    const q = parse(`kind=podcast&status=gone&visibility=secret&sort=price&order=sideways&page=${CONTENT_PAGE_MAX + 1}`);
    expect(q).toMatchObject({ kind: undefined, status: undefined, visibility: undefined, sort: 'date', order: 'desc', page: 1 });
    for (const page of ['0', '-2', '1.5', 'two', '']) expect(parse(`page=${page}`).page).toBe(1);
    expect(parse(`page=${CONTENT_PAGE_MAX}`).page).toBe(CONTENT_PAGE_MAX);
    expect(parse('q=%20%20').q).toBeUndefined();
    expect(parse(`q=${'a'.repeat(CONTENT_TEXT_MAX + 20)}`).q).toHaveLength(CONTENT_TEXT_MAX);
  });

  it('writes a view back with only what differs from the defaults, and reads it the same', () => {
    expect(contentQueryParams(DEFAULT_CONTENT_QUERY).toString()).toBe('');
    const view = { kind: 'stream', status: 'live', visibility: undefined, q: 'gm & gn', sort: 'earnings', order: 'asc', page: 2 } as const;
    const written = contentQueryParams(view);
    expect(written.toString()).toBe('kind=stream&status=live&q=gm+%26+gn&sort=earnings&order=asc&page=2');
    expect(parseContentQuery(written)).toEqual(view);
  });

  it('sorts by a column from its largest, flips it on a second click, and goes back to page 1', () => {
    const onPage3 = { ...DEFAULT_CONTENT_QUERY, page: 3 };
    const byViews = sortBy(onPage3, 'views');
    expect(byViews).toMatchObject({ sort: 'views', order: 'desc', page: 1 });
    expect(sortBy(byViews, 'views').order).toBe('asc');
    expect(sortBy(sortBy(byViews, 'views'), 'views').order).toBe('desc');
    expect(sortBy(sortBy(byViews, 'views'), 'likes').order).toBe('desc');
  });

  it('is checked strictly by the API: what the address forgives, the route refuses', () => {
    expect(ContentQuerySchema.parse({})).toEqual({ sort: 'date', order: 'desc', page: 1 });
    expect(ContentQuerySchema.parse({ page: '4', q: ' x ' })).toMatchObject({ page: 4, q: 'x' });
    for (const bad of [{ sort: 'price' }, { page: '0' }, { page: String(CONTENT_PAGE_MAX + 1) }, { kind: 'podcast' }, { q: 'a'.repeat(CONTENT_TEXT_MAX + 1) }])
      expect(ContentQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('bulk actions', () => {
  const item = { kind: 'video', id: '0b7a6f52-6a8e-4c6e-9b0e-3f1f1b0c2d11' };
  it('take 1 to BULK_MAX items and a real category', () => {
    expect(BulkDeleteSchema.safeParse({ items: [] }).success).toBe(false);
    expect(BulkDeleteSchema.safeParse({ items: Array(BULK_MAX).fill(item) }).success).toBe(true);
    expect(BulkDeleteSchema.safeParse({ items: Array(BULK_MAX + 1).fill(item) }).success).toBe(false);
    expect(BulkDeleteSchema.safeParse({ items: [{ ...item, id: 'not-an-id' }] }).success).toBe(false);
    expect(BulkCategorySchema.parse({ items: [item], category: 'Music & Arts' }).category).toBe('music-arts');
    expect(BulkCategorySchema.safeParse({ items: [item], category: 'Nope' }).success).toBe(false);
  });
});
