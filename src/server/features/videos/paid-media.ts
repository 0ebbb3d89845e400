import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { videos } from './schema.js';
import { paidMedia, PRIVATE_PREFIX, videoMedia, type Storage } from '../../platform/storage/storage.js';
import type { VideoFields, VideoStatus } from './video-state.js';

type VideoRow = typeof videos.$inferSelect;

/** Whether the video's playable media (HLS, preview sprite) sits in the private `paid/` area. */
export const mediaIsPrivate = (v: Pick<VideoRow, 'hlsKey'>) => !!v.hlsKey?.startsWith(PRIVATE_PREFIX);

/** Whether a video's playable media belongs in the private area: priced (pay-per-view) or private (its owner's alone). */
export const mediaBelongsPrivate = (v: Pick<VideoRow, 'priceMicroUsdc' | 'visibility'>) => v.priceMicroUsdc !== null || v.visibility === 'private';

/**
 * A new, unguessable place for a video's playable media (HLS and preview sprite):
 * `videos/<id>/<generation>` when free, `paid/<id>/<generation>` when priced. Every placement
 * gets a generation of its own, so an address once public (and cached for a year by browsers and
 * CDNs: the files under a key never change) is never the address of the video's media again, and
 * nobody who did not see it while it was free can guess it (decision 024).
 */
export function newMediaPlace(id: string, priced: boolean): string {
  return `${priced ? paidMedia(id) : videoMedia(id)}/${randomBytes(12).toString('base64url')}`;
}

/** The folder holding the HLS tree's `hls/` folder (the generation, or the owner folder for media placed before generations). */
const placeOf = (hlsKey: string) => hlsKey.replace(/\/hls\/master\.m3u8$/, '');

/**
 * Puts a ready video's HLS and preview sprite where its price and visibility say: under the public
 * `videos/<id>/<generation>/` when free, under the private `paid/<id>/<generation>/` when priced or private
 * (the poster and the thumbnail frames stay public: they are what a buyer sees before paying),
 * each time in a new generation, the old copies deleted. Runs with the video's row locked, so a
 * price change and the end of processing never move the files past each other. `set` is written
 * in the same transaction first (a price change), with `change` the status too (the end of
 * processing, see video-state.ts), only from one of its states. False when there is no such video
 * or it was not in one of them (then nothing changed).
 */
export async function placeVideoMedia(
  db: Db,
  storage: Storage,
  id: string,
  set: VideoFields = {},
  change?: { from: readonly VideoStatus[]; to: VideoStatus },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(videos).where(eq(videos.id, id)).for('update');
    if (!locked || (change && !change.from.includes(locked.status))) return false;
    const write = change ? { ...set, status: change.to } : set;
    const v = Object.keys(write).length ? (await tx.update(videos).set(write).where(eq(videos.id, id)).returning())[0]! : locked;
    if (v.status !== 'ready' || !v.hlsKey) return true;
    const wantPrivate = mediaBelongsPrivate(v);
    if (mediaIsPrivate(v) === wantPrivate) return true;
    const from = placeOf(v.hlsKey);
    const to = newMediaPlace(id, wantPrivate);
    // Moves (a rename on disk, copy-then-delete on S3): the old addresses answer 404 from here on.
    await storage.move(`${from}/hls`, `${to}/hls`);
    if (v.sprite) await storage.move(v.sprite.key, `${to}/sprite.jpg`);
    // The emptied generation folder; never the owner's own folder (media placed before generations sit right in it, beside the poster).
    const owner = wantPrivate ? videoMedia(id) : paidMedia(id);
    if (from.startsWith(`${owner}/`)) await storage.deleteOwned(owner, from);
    await tx
      .update(videos)
      .set({ hlsKey: `${to}/hls/master.m3u8`, sprite: v.sprite ? { ...v.sprite, key: `${to}/sprite.jpg` } : null })
      .where(eq(videos.id, id));
    return true;
  });
}
