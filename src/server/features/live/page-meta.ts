import type { FastifyInstance } from 'fastify';
import { documentTitle, shortDescription } from '../../../shared/platform/page-titles.js';
import { PRODUCT_NAME } from '../../../shared/platform/product.js';
import { isCancelled } from '../../../shared/live/streams.js';
import { paths } from '../../../shared/platform/routes.js';
import { isBanned } from '../../access/standing.js';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { registerPageMeta, unavailablePage, type PageMeta } from '../../platform/http/page-meta.js';
import { jobsFor } from '../../platform/jobs/jobs.js';
import { cardPicture, cardRequests, makeCard, type CardSpec } from '../../platform/media/cards.js';
import { streamMedia } from '../../platform/storage/storage.js';
import type { LiveJobs } from './jobs.js';
import { getStream, getStreamRow } from './service.js';

/** Makes one stream's link preview picture (its card) for where the stream stands (scheduled, live, replay). */
export const STREAM_CARD_QUEUE = 'stream-card';

type Stream = NonNullable<Awaited<ReturnType<typeof getStream>>>;

/** A stream its page may show anyone; `removed` once a moderator removed it; undefined when there is none or its creator is banned. */
async function shownStream(db: Db, id: string): Promise<Stream | 'removed' | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await getStreamRow(db, id);
  if (!row || (await isBanned(db, row.ownerId))) return undefined;
  if (row.takenDownAt) return 'removed';
  return getStream(db, id);
}

/** "Tue, 1 Dec 2026, 18:00 UTC": when a scheduled stream starts, the same for every reader of the card. */
export const whenUtc = (iso: string) =>
  `${new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' }).format(new Date(iso))} UTC`;

/** Where a stream stands, as its card and preview say it: live, scheduled (and when), a replay, or over. */
function standing(s: Stream): { label: string; badge: string; lead: string } {
  if (s.status === 'live') return { label: 'LIVE', badge: 'LIVE', lead: `Live now on ${PRODUCT_NAME}` };
  if (s.status === 'scheduled' && s.scheduledAt) {
    const when = whenUtc(s.scheduledAt);
    return { label: 'Scheduled', badge: `Live on ${when}`, lead: `Live on ${PRODUCT_NAME} on ${when}` };
  }
  if (s.status === 'scheduled') return { label: 'Upcoming', badge: 'Upcoming', lead: `Coming up live on ${PRODUCT_NAME}` };
  if (isCancelled(s)) return { label: 'Cancelled', badge: 'Stream cancelled', lead: `A cancelled live stream on ${PRODUCT_NAME}` };
  if (s.recordingVideoId) return { label: 'Replay', badge: 'Replay', lead: `Replay of a live stream on ${PRODUCT_NAME}` };
  return { label: 'Ended', badge: 'Stream ended', lead: `A live stream on ${PRODUCT_NAME}` };
}

/** Asks for streams' cards: on a page read that found none, and as a stream is created or goes live. */
export const streamCards = (app: FastifyInstance) =>
  cardRequests(jobsFor<LiveJobs>(app.jobs), STREAM_CARD_QUEUE, (streamId) => ({ streamId }), app.config.cardsOnPublish);

const cardSpec = (s: Stream): CardSpec => ({ title: s.title, byline: `@${s.creator.username}`, badge: standing(s).badge, picture: s.thumbnailUrl });

/**
 * A stream's pages (live, scheduled, a replay): named by the stream and its creator, and previewed
 * with a card that says whether it is live now or when it starts, and its player for other sites.
 */
export function registerStreamPages(app: FastifyInstance): void {
  const cards = streamCards(app);
  registerPageMeta(app.pageMeta, ['/stream/:username/:titleSlug/:id', '/stream/:id'], async (params): Promise<PageMeta> => {
    const s = await shownStream(app.db, params.id ?? '');
    if (s === 'removed') return unavailablePage('stream', true);
    if (!s) return unavailablePage('stream', false);
    const { label, lead } = standing(s);
    const image = await cardPicture(app.storage, streamMedia(s.id), cardSpec(s), () => cards.missing(s.id));
    const about = shortDescription(s.description, 160);
    return {
      title: documentTitle(s.title, s.creator.displayName),
      description: `${lead}: ${about || `“${shortDescription(s.title, 120)}” by ${s.creator.displayName}`}`,
      card: {
        title: `${label}: ${s.title}`,
        type: 'video.other',
        canonicalPath: paths.stream({ id: s.id, username: s.creator.username, title: s.title }),
        ...(image ? { image: { ...image, alt: `${label}: “${s.title}” by ${s.creator.displayName}` } } : {}),
        embed: { id: s.id, width: 1280, height: 720 },
      },
    };
  });
}

/** Makes a stream's card for where it stands now, if it may be shown; its pages then preview with it. */
export async function makeStreamCard(app: FastifyInstance, streamId: string, signal: AbortSignal): Promise<void> {
  const s = await shownStream(app.db, streamId);
  if (!s || s === 'removed') return;
  await makeCard(app.storage, streamMedia(streamId), cardSpec(s), signal);
  app.readCache.invalidate();
}
