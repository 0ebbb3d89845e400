import { z } from 'zod';
import { CreatorSchema } from '../profiles/creator.js';
import { VideoCardSchema } from '../videos/video-card.js';
import { VISIBILITIES } from '../videos/video-rules.js';

// Playlists and each person's Watch later (docs/product.md "Playlists"): the rules and messages
// once, for the Save dialog, the playlist page and the routes alike.

/** Playlists one person may keep, their Watch later included. */
export const MAX_PLAYLISTS = 200;
/** Videos one playlist may hold. */
export const MAX_PLAYLIST_VIDEOS = 500;
export const PLAYLIST_TITLE_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 1000;
/** The title every Watch later carries; its owner cannot change it. */
export const WATCH_LATER_TITLE = 'Watch later';

export const PLAYLIST_NOT_FOUND = 'This playlist is not available';
export const TOO_MANY_PLAYLISTS = `You can keep up to ${MAX_PLAYLISTS} playlists. Delete one to make another.`;
export const PLAYLIST_FULL = `A playlist holds up to ${MAX_PLAYLIST_VIDEOS} videos. Remove one to add another.`;
export const WATCH_LATER_FIXED = 'Watch later stays private and cannot be renamed or deleted.';
export const ORDER_MISMATCH = 'The new order must name every video of the playlist once.';

export const PlaylistTitleSchema = z
  .string()
  .trim()
  .min(1, 'Give your playlist a title')
  .max(PLAYLIST_TITLE_MAX, `A title has at most ${PLAYLIST_TITLE_MAX} characters`);
export const PlaylistDescriptionSchema = z.string().trim().max(PLAYLIST_DESCRIPTION_MAX, `A description has at most ${PLAYLIST_DESCRIPTION_MAX} characters`);
export const PlaylistVisibilitySchema = z.enum(VISIBILITIES);
export type PlaylistVisibility = z.infer<typeof PlaylistVisibilitySchema>;

/** What each visibility means, for the forms' choices. */
export const PLAYLIST_VISIBILITY_HINTS: Record<PlaylistVisibility, string> = {
  public: 'On your profile, for anyone',
  unlisted: 'Anyone with the link, listed nowhere',
  private: 'Only you',
};

/** `POST /api/playlists`. */
export const CreatePlaylistSchema = z.object({
  title: PlaylistTitleSchema,
  description: PlaylistDescriptionSchema.default(''),
  visibility: PlaylistVisibilitySchema.default('private'),
  /** A video to put in it straight away (the Save dialog's "New playlist"). */
  videoId: z.string().min(1).max(64).optional(),
});
export type CreatePlaylist = z.input<typeof CreatePlaylistSchema>;

/** `PATCH /api/playlists/:id`: any of the three. */
export const UpdatePlaylistSchema = z.object({
  title: PlaylistTitleSchema.optional(),
  description: PlaylistDescriptionSchema.optional(),
  visibility: PlaylistVisibilitySchema.optional(),
});
export type UpdatePlaylist = z.infer<typeof UpdatePlaylistSchema>;

export const PlaylistItemBodySchema = z.object({ videoId: z.string().min(1).max(64) });
/** `PUT /api/playlists/:id/order`: every video of the playlist, in its new order. */
export const PlaylistOrderSchema = z.object({ videoIds: z.array(z.string().min(1).max(64)).max(MAX_PLAYLIST_VIDEOS) });
export const MyPlaylistsQuerySchema = z.object({ videoId: z.string().min(1).max(64).optional() });

/** A playlist in a list: mine (the Save dialog, /playlists) or a creator's public ones. */
export const PlaylistSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  visibility: PlaylistVisibilitySchema,
  watchLater: z.boolean(),
  videoCount: z.number().int(),
  /** The first watchable video's picture, for the list. */
  thumbnailUrl: z.string().nullable(),
  updatedAt: z.string(),
  /** With `?videoId=`: whether that video is in it. */
  hasVideo: z.boolean().optional(),
});
export type PlaylistSummary = z.infer<typeof PlaylistSummarySchema>;

/** `GET /api/playlists/:id`: the playlist and its watchable videos in order. */
export const PlaylistDetailSchema = PlaylistSummarySchema.extend({
  owner: CreatorSchema,
  isOwner: z.boolean(),
  videos: z.array(VideoCardSchema),
});
export type PlaylistDetail = z.infer<typeof PlaylistDetailSchema>;

export const WatchLaterStateSchema = z.object({ saved: z.boolean(), playlistId: z.string() });
export type WatchLaterState = z.infer<typeof WatchLaterStateSchema>;

/** The playlist page's address, and a video played from it (the watch page's `?list=`). */
export const playlistPath = (id: string) => `/playlist/${encodeURIComponent(id)}`;

/** Where a video sits after moving it `by` places (clamped), as the new order of ids. */
export function moveInOrder(ids: readonly string[], videoId: string, by: number): string[] {
  const from = ids.indexOf(videoId);
  if (from < 0) return [...ids];
  const to = Math.max(0, Math.min(ids.length - 1, from + by));
  const next = ids.filter((id) => id !== videoId);
  next.splice(to, 0, videoId);
  return next;
}

/** The video after `videoId` in a playlist's order, if any (the queue's autoplay). */
export function nextInOrder<T extends { id: string }>(videos: readonly T[], videoId: string): T | undefined {
  const at = videos.findIndex((v) => v.id === videoId);
  return at < 0 ? undefined : videos[at + 1];
}
