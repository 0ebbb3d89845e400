import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { CAPTION_MAX_TRACKS, CAPTION_TOO_MANY_TRACKS, languageName, toWebVtt, type CaptionTrack } from '../../../shared/videos/captions.js';
import type { Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import { videoCaptions, videos } from './schema.js';

// A video's captions (docs/product.md "Captions"): the creator's file converted to WebVTT and
// checked, kept per language, and served by the video's route under the same rules as its media.

type VideoRow = typeof videos.$inferSelect;

/** Where a caption track is served; the version changes with every new file, so a browser never keeps an old one. */
export const captionPath = (videoId: string, language: string, updatedAt: Date) =>
  `/api/videos/${videoId}/captions/${encodeURIComponent(language)}?v=${updatedAt.getTime().toString(36)}`;

export async function listCaptions(db: Db, videoId: string): Promise<CaptionTrack[]> {
  const rows = await db
    .select({ language: videoCaptions.language, label: videoCaptions.label, cues: videoCaptions.cueCount, updatedAt: videoCaptions.updatedAt })
    .from(videoCaptions)
    .where(eq(videoCaptions.videoId, videoId))
    .orderBy(asc(videoCaptions.label));
  return rows.map((r) => ({ language: r.language, label: r.label, cues: r.cues, url: captionPath(videoId, r.language, r.updatedAt) }));
}

/**
 * Adds (or replaces) the owner's captions in one language from the text of their file. A file
 * Glint cannot read is refused with what is wrong and on which line, and nothing is kept.
 */
export async function putCaptions(db: Db, video: VideoRow, language: string, content: string, label?: string): Promise<CaptionTrack> {
  const converted = toWebVtt(content, video.durationSeconds);
  if (!converted.ok) throw new HttpError(400, 'bad_captions', converted.error);
  const name = label?.trim() || languageName(language);
  return db.transaction(async (tx) => {
    // One writer per video at a time, so two uploads at once cannot pass the limit together.
    await tx.select({ id: videos.id }).from(videos).where(eq(videos.id, video.id)).for('update');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(videoCaptions)
      .where(and(eq(videoCaptions.videoId, video.id), sql`${videoCaptions.language} <> ${language}`));
    if (n >= CAPTION_MAX_TRACKS) throw new HttpError(409, 'too_many_captions', CAPTION_TOO_MANY_TRACKS);
    const [row] = await tx
      .insert(videoCaptions)
      .values({ videoId: video.id, language, label: name, vtt: converted.vtt, cueCount: converted.cues })
      .onConflictDoUpdate({
        target: [videoCaptions.videoId, videoCaptions.language],
        set: { label: name, vtt: converted.vtt, cueCount: converted.cues, updatedAt: sql`now()` },
      })
      .returning();
    return { language: row!.language, label: row!.label, cues: row!.cueCount, url: captionPath(video.id, row!.language, row!.updatedAt) };
  });
}

export async function deleteCaptions(db: Db, videoId: string, language: string): Promise<boolean> {
  const gone = await db
    .delete(videoCaptions)
    .where(and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.language, language)))
    .returning({ language: videoCaptions.language });
  return gone.length > 0;
}

/** One track's WebVTT and a validator for it (changes with every new file). */
export async function readCaptions(db: Db, videoId: string, language: string): Promise<{ vtt: string; etag: string } | undefined> {
  const [row] = await db
    .select({ vtt: videoCaptions.vtt, updatedAt: videoCaptions.updatedAt })
    .from(videoCaptions)
    .where(and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.language, language)));
  if (!row) return undefined;
  const etag = `"${createHash('sha256').update(`${videoId}|${language}|${row.updatedAt.getTime()}`).digest('base64url').slice(0, 22)}"`;
  return { vtt: row.vtt, etag };
}
