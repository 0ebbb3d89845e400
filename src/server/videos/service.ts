import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { VideoCard } from '../../shared/content.js';
import type { Db } from '../db/client.js';
import { videos } from '../db/schema/index.js';
import { creatorColumns, escapeLike, profilesTable } from '../profiles/service.js';

export interface VideoFilter {
  kind: 'long' | 'short';
  category?: string | undefined;
  ownerId?: string | undefined;
  text?: string | undefined;
  limit?: number | undefined;
}

/** Ready, public videos or shorts, newest first. */
export async function listVideos(db: Db, f: VideoFilter): Promise<VideoCard[]> {
  const where: SQL[] = [eq(videos.kind, f.kind), eq(videos.status, 'ready'), eq(videos.visibility, 'public')];
  if (f.category) where.push(eq(videos.category, f.category));
  if (f.ownerId) where.push(eq(videos.ownerId, f.ownerId));
  if (f.text) {
    const p = `%${escapeLike(f.text)}%`;
    where.push(or(ilike(videos.title, p), ilike(videos.description, p))!);
  }
  const rows = await db
    .select({ v: videos, creator: creatorColumns })
    .from(videos)
    .innerJoin(profilesTable, eq(profilesTable.id, videos.ownerId))
    .where(and(...where))
    .orderBy(desc(videos.publishedAt), desc(videos.createdAt))
    .limit(f.limit ?? 24);
  return rows.map(({ v, creator }) => ({
    id: v.id,
    kind: v.kind,
    title: v.title,
    slug: v.slug,
    category: v.category,
    thumbnailUrl: v.thumbnailUrl,
    durationSeconds: v.durationSeconds,
    views: v.views,
    likes: v.likes,
    publishedAt: v.publishedAt ? v.publishedAt.toISOString() : null,
    creator,
  }));
}
