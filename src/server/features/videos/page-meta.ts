import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { documentTitle, shortDescription } from '../../../shared/platform/page-titles.js';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../../../shared/platform/product.js';
import { paths, slugify } from '../../../shared/platform/routes.js';
import { formatUsdc, microsToUsdc } from '../../../shared/x402/x402-rules.js';
import { creatorColumns, profilesTable } from '../../access/creator.js';
import { isBanned } from '../../access/standing.js';
import type { Db } from '../../platform/db/client.js';
import { registerPageMeta, unavailablePage, type PageMeta } from '../../platform/http/page-meta.js';
import { jobsFor } from '../../platform/jobs/jobs.js';
import { cardPicture, cardRequests, makeCard, type CardSpec } from '../../platform/media/cards.js';
import { videoMedia } from '../../platform/storage/storage.js';
import type { VideoJobs } from './jobs.js';
import { getVideo } from './service.js';

/** Makes one video's link preview picture (its card); the job carries the video, the card is read from it. */
export const VIDEO_CARD_QUEUE = 'video-card';

type VideoRow = NonNullable<Awaited<ReturnType<typeof getVideo>>>;
type Creator = { username: string; displayName: string };

/**
 * A video as its page may show it to anyone: ready, not removed, its owner not banned. `removed`
 * when a moderator or its owner removed it (its page says so), undefined when there is none to show
 * (no such video, a draft, a banned account's).
 */
async function shownVideo(db: Db, id: string): Promise<{ video: VideoRow; creator: Creator } | 'removed' | undefined> {
  const video = await getVideo(db, id);
  if (!video) return undefined;
  if (video.takenDownAt || video.status === 'removed') return 'removed';
  // A private video is not shown to anyone by its page: its owner reads it in the app.
  if (video.status !== 'ready' || video.visibility === 'private' || (await isBanned(db, video.ownerId))) return undefined;
  const [creator] = await db.select(creatorColumns).from(profilesTable).where(eq(profilesTable.id, video.ownerId));
  return creator ? { video, creator } : undefined;
}

const priceOf = (v: VideoRow) => (v.priceMicroUsdc === null ? undefined : formatUsdc(microsToUsdc(v.priceMicroUsdc)));

/** Asks for videos' cards: on a page read that found none, and as a video becomes ready. */
export const videoCards = (app: FastifyInstance) =>
  cardRequests(jobsFor<VideoJobs>(app.jobs), VIDEO_CARD_QUEUE, (videoId) => ({ videoId }), app.config.cardsOnPublish);

/** What a video's card shows: its poster, title and creator, and a priced video's price. */
const cardSpec = (v: VideoRow, c: Creator): CardSpec => ({ title: v.title, byline: `@${c.username}`, badge: priceOf(v), picture: v.thumbnailUrl });

/** The one address of a video's or short's page. */
export const videoPath = (v: Pick<VideoRow, 'id' | 'kind' | 'title'>, c: Creator) =>
  v.kind === 'short' ? `/shorts/${c.username}/${slugify(v.title)}/${v.id}` : paths.video({ id: v.id, username: c.username, title: v.title });

/**
 * The pages of videos and shorts: named by the video and its creator, and previewed with its card
 * (or poster while the card is made), its player for other sites, and its oEmbed. A priced video's
 * preview shows its poster and price, never its media. An unlisted video is previewed (its link
 * was shared) but kept out of search engines, with no player or oEmbed link; a private one is unavailable.
 */
export function registerVideoPages(app: FastifyInstance): void {
  const cards = videoCards(app);
  const meta = async (id: string | undefined): Promise<PageMeta | undefined> => {
    if (!id) return undefined;
    const shown = await shownVideo(app.db, id);
    if (shown === 'removed') return unavailablePage('video', true);
    if (!shown) return unavailablePage('video', false);
    const { video: v, creator: c } = shown;
    const price = priceOf(v);
    const kind = v.kind === 'short' ? 'short' : 'video';
    const description =
      shortDescription(v.description) ||
      `Watch “${shortDescription(v.title, 120)}” by ${c.displayName} on ${PRODUCT_NAME}${price ? ` (pay per view, ${price})` : ''}.`;
    const spec = cardSpec(v, c);
    const image = await cardPicture(app.storage, videoMedia(v.id), spec, () => cards.missing(v.id));
    return {
      title: documentTitle(v.title, c.displayName),
      description,
      noindex: v.visibility !== 'public',
      card: {
        title: v.title,
        type: 'video.other',
        canonicalPath: videoPath(v, c),
        ...(image ? { image: { ...image, alt: `${kind === 'short' ? 'Short' : 'Video'} “${v.title}” by ${c.displayName}` } } : {}),
        // An unlisted video is previewed where its link was shared, but offers no player or oEmbed to discover.
        ...(v.visibility === 'public' ? { embed: kind === 'short' ? { id: v.id, width: 405, height: 720 } : { id: v.id, width: 1280, height: 720 } } : {}),
      },
    };
  };
  registerPageMeta(app.pageMeta, [`/${PRODUCT_SLUG}/:username/:titleSlug/:id`, `/${PRODUCT_SLUG}/:id`, '/shorts/:username/:titleSlug/:id'], (params) =>
    meta(params.id),
  );
  registerPageMeta(app.pageMeta, ['/shorts'], (_params, query) => meta(query.get('video') ?? undefined), ['video']);
}

/** Makes a video's card, if it may still be shown; its pages then preview with it. */
export async function makeVideoCard(app: FastifyInstance, videoId: string, signal: AbortSignal): Promise<void> {
  const shown = await shownVideo(app.db, videoId);
  if (!shown || shown === 'removed') return;
  await makeCard(app.storage, videoMedia(videoId), cardSpec(shown.video, shown.creator), signal);
  app.readCache.invalidate();
}
