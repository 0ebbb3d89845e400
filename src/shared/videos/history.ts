import { z } from 'zod';
import { VideoCardSchema } from './video-card.js';

/** Entries a page of the watch history holds. */
export const HISTORY_PAGE = 30;

/** A video or short the viewer watched, where they stopped and when. */
export const HistoryEntrySchema = z.object({ video: VideoCardSchema, positionSeconds: z.number(), watchedAt: z.string() });
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** `GET /api/history`: a page, newest first, whether more follow, and whether history is paused. */
export const HistoryPageSchema = z.object({ entries: z.array(HistoryEntrySchema), more: z.boolean(), paused: z.boolean() });
export type HistoryPage = z.infer<typeof HistoryPageSchema>;
export const HistoryQuerySchema = z.object({ offset: z.coerce.number().int().min(0).max(10_000).default(0) });
export const HistoryPausedSchema = z.object({ paused: z.boolean() });
