import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { videos } from '../db/schema/index.js';
import { paidMedia, PRIVATE_PREFIX, videoMedia, type Storage } from '../media/storage.js';

type VideoRow = typeof videos.$inferSelect;

/** Whether the video's playable media (HLS, preview sprite) sits in the private `paid/` area. */
export const mediaIsPrivate = (v: Pick<VideoRow, 'hlsKey'>) => !!v.hlsKey?.startsWith(PRIVATE_PREFIX);

/**
 * Puts a ready video's HLS and preview sprite where its price says: under the public
 * `videos/<id>/` when free, under the private `paid/<id>/` when priced (the poster and the
 * thumbnail frames stay public: they are what a buyer sees before paying). Runs with the video's
 * row locked, so a price change and the end of processing never move the files past each other.
 * `set` is written in the same transaction first (a price change).
 */
export async function placeVideoMedia(db: Db, storage: Storage, id: string, set: Partial<typeof videos.$inferInsert> = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(videos).where(eq(videos.id, id)).for('update');
    if (!locked) return;
    const v = Object.keys(set).length ? (await tx.update(videos).set(set).where(eq(videos.id, id)).returning())[0]! : locked;
    if (v.status !== 'ready' || !v.hlsKey) return;
    const wantPrivate = v.priceMicroUsdc !== null;
    if (mediaIsPrivate(v) === wantPrivate) return;
    const from: string = wantPrivate ? videoMedia(id) : paidMedia(id);
    const to: string = wantPrivate ? paidMedia(id) : videoMedia(id);
    await storage.move(`${from}/hls`, `${to}/hls`);
    if (v.sprite) await storage.move(v.sprite.key, `${to}/sprite.jpg`);
    await tx
      .update(videos)
      .set({ hlsKey: `${to}/hls/master.m3u8`, sprite: v.sprite ? { ...v.sprite, key: `${to}/sprite.jpg` } : null })
      .where(eq(videos.id, id));
  });
}
