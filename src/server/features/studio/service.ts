import { sql, type SQL } from 'drizzle-orm';
import { lamportsToSol } from '../../../shared/payments/sol.js';
import { microsToUsdc } from '../../../shared/x402/x402-rules.js';
import { CONTENT_PAGE_SIZE, type BulkResult, type ContentKind, type ContentPage, type ContentQuery, type ContentRow } from '../../../shared/studio/studio.js';
import type { Db } from '../../platform/db/client.js';
import { escapeLike } from '../../platform/db/like.js';
import { HttpError } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { setOwnStreamCategory, studioStreamRows } from '../live/service.js';
import { earningsByContent } from '../payments/service.js';
import { deleteOwnVideo, setOwnVideoCategory, studioVideoRows } from '../videos/service.js';
import { salesByVideoOf } from '../x402/service.js';

interface Row {
  id: string;
  kind: ContentRow['kind'];
  title: string;
  slug: string;
  category: string;
  status: ContentRow['status'];
  visibility: ContentRow['visibility'];
  date: Date | string;
  views: number;
  likes: number | null;
  comments: number | null;
  thumbnail_url: string | null;
  price_micro_usdc: number | null;
  lamports: string | number;
  micro_usdc: string | number;
  total: string | number;
}

/**
 * The columns each sort orders by; earnings are SOL first, then USDC (two currencies, no rate
 * between them). Items without a value (a stream's likes) come last either way, and the date and
 * id break ties, so a page boundary never moves.
 */
const ORDER: Record<ContentQuery['sort'], SQL[]> = {
  date: [sql`date`],
  views: [sql`views`],
  likes: [sql`likes`],
  comments: [sql`comments`],
  earnings: [sql`lamports`, sql`micro_usdc`],
};

/**
 * One page of the owner's content table: their videos, shorts, clips and streams (the videos' and
 * live features' rows, unioned), with what each earned (the payments' and x402's sums), filtered,
 * sorted and paged in one statement.
 */
export async function contentPage(db: Db, ownerId: string, query: ContentQuery): Promise<ContentPage> {
  const where: SQL[] = [sql`true`];
  if (query.kind) where.push(sql`kind = ${query.kind}`);
  if (query.status) where.push(sql`status = ${query.status}`);
  if (query.visibility) where.push(sql`visibility = ${query.visibility}`);
  if (query.q) where.push(sql`title ilike ${`%${escapeLike(query.q)}%`}`);
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const order = sql.join([...ORDER[query.sort].map((c) => sql`${c} ${direction} nulls last`), sql`date ${direction}`, sql`id ${direction}`], sql`, `);
  const res = (await db.execute(sql`
    with items as ((${studioVideoRows(ownerId)}) union all (${studioStreamRows(ownerId)})),
      sol as (${earningsByContent(ownerId)}),
      usdc as (${salesByVideoOf(ownerId)}),
      rows as (
        select items.*, coalesce(sol.lamports, 0) as lamports, coalesce(usdc.micro_usdc, 0) as micro_usdc
        from items left join sol on sol.content_id = items.id left join usdc on usdc.content_id = items.id
      )
    select *, count(*) over () as total from rows
    where ${sql.join(where, sql` and `)}
    order by ${order}
    limit ${CONTENT_PAGE_SIZE} offset ${(query.page - 1) * CONTENT_PAGE_SIZE}`)) as unknown as { rows: Row[] };
  const total = res.rows.length ? Number(res.rows[0]!.total) : await countMatching(db, ownerId, where);
  return {
    items: res.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      slug: r.slug,
      category: r.category,
      status: r.status,
      visibility: r.visibility,
      date: new Date(r.date).toISOString(),
      views: Number(r.views),
      likes: r.likes === null ? null : Number(r.likes),
      comments: r.comments === null ? null : Number(r.comments),
      thumbnailUrl: r.thumbnail_url,
      priceUsdc: r.price_micro_usdc === null ? null : microsToUsdc(Number(r.price_micro_usdc)),
      earnings: { sol: lamportsToSol(BigInt(r.lamports)), usdc: microsToUsdc(Number(r.micro_usdc)) },
    })),
    total,
    page: query.page,
    pageSize: CONTENT_PAGE_SIZE,
  };
}

/** How many rows match when the page asked for is past the last one (it came back empty). */
async function countMatching(db: Db, ownerId: string, where: SQL[]): Promise<number> {
  const res = (await db.execute(sql`
    with items as ((${studioVideoRows(ownerId)}) union all (${studioStreamRows(ownerId)}))
    select count(*) as n from items where ${sql.join(where, sql` and `)}`)) as unknown as { rows: { n: string | number }[] };
  return Number(res.rows[0]?.n ?? 0);
}

type Item = { kind: ContentKind; id: string };

/**
 * A bulk action item by item: each one owner-checked by the feature that owns it (someone else's
 * is "does not exist", as on its own page), done or refused on its own, each outcome reported.
 */
async function eachItem(items: Item[], act: (item: Item) => Promise<void>): Promise<BulkResult> {
  const results: BulkResult['results'] = [];
  // One after the other: a few dozen small writes, and a failure leaves the rest untouched.
  for (const item of dedupe(items)) {
    try {
      await act(item);
      results.push({ ...item, ok: true, error: null });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      results.push({ ...item, ok: false, error: err.message });
    }
  }
  return { results };
}

const dedupe = (items: Item[]) => [...new Map(items.map((i) => [`${i.kind}:${i.id}`, i])).values()];

/**
 * Deletes the owner's videos, shorts and clips with their media, and their streams as the live
 * feature does (`deleteStream`: upcoming or ended, with the replay; a live one is refused).
 */
export function bulkDelete(
  db: Db,
  storage: Storage,
  ownerId: string,
  items: Item[],
  deleteStream: (id: string, ownerId: string) => Promise<void>,
): Promise<BulkResult> {
  return eachItem(items, async (item) => {
    if (item.kind === 'stream') await deleteStream(item.id, ownerId);
    else await deleteOwnVideo(db, storage, item.id, ownerId);
  });
}

/** Moves the owner's items (streams too) to `category` (a slug). */
export function bulkCategory(db: Db, ownerId: string, items: Item[], category: string): Promise<BulkResult> {
  return eachItem(items, (item) =>
    item.kind === 'stream' ? setOwnStreamCategory(db, item.id, ownerId, category) : setOwnVideoCategory(db, item.id, ownerId, category),
  );
}
