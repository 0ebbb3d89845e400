import type { FastifyInstance } from 'fastify';
import { documentTitle, shortDescription } from '../../../shared/platform/page-titles.js';
import { PRODUCT_NAME } from '../../../shared/platform/product.js';
import { paths } from '../../../shared/platform/routes.js';
import { findProfileById, findProfileByUsername } from '../../access/creator.js';
import { isBanned } from '../../access/standing.js';
import type { Db } from '../../platform/db/client.js';
import { registerPageMeta, unavailablePage } from '../../platform/http/page-meta.js';
import { jobsFor } from '../../platform/jobs/jobs.js';
import { cardPicture, cardRequests, makeCard, type CardSpec } from '../../platform/media/cards.js';
import { profileMedia } from '../../platform/storage/storage.js';
import type { ProfileJobs } from './jobs.js';

/** Makes one profile's link preview picture (its card: the avatar with the names drawn in). */
export const PROFILE_CARD_QUEUE = 'profile-card';

type Profile = NonNullable<Awaited<ReturnType<typeof findProfileByUsername>>>;

/** A profile its page may show: undefined when there is none; `banned` when its account is (its page says so, nothing more). */
async function shownProfile(db: Db, p: Profile | undefined): Promise<Profile | 'banned' | undefined> {
  if (!p) return undefined;
  return (await isBanned(db, p.id)) ? 'banned' : p;
}

/** Asks for profiles' cards: on a page read that found none, and as the names or the avatar change. */
export const profileCards = (app: FastifyInstance) =>
  cardRequests(jobsFor<ProfileJobs>(app.jobs), PROFILE_CARD_QUEUE, (userId) => ({ userId }), app.config.cardsOnPublish);

const cardSpec = (p: Profile): CardSpec => ({ title: p.displayName, byline: `@${p.username} on ${PRODUCT_NAME}`, picture: p.avatarUrl });

/** A profile's page: "@solwhale · Glint", previewed with the avatar, the names and the bio. */
export function registerProfilePages(app: FastifyInstance): void {
  const cards = profileCards(app);
  registerPageMeta(app.pageMeta, ['/profile/:username'], async (params) => {
    const p = await shownProfile(app.db, await findProfileByUsername(app.db, params.username ?? ''));
    if (p === 'banned') return unavailablePage('account', true);
    if (!p) return unavailablePage('profile', false);
    const image = await cardPicture(app.storage, profileMedia(p.id), cardSpec(p), () => cards.missing(p.id));
    return {
      title: documentTitle(`@${p.username}`),
      description: shortDescription(p.bio) || `Live streams, videos and shorts by ${p.displayName} (@${p.username}) on ${PRODUCT_NAME}.`,
      card: {
        title: `${p.displayName} (@${p.username})`,
        type: 'profile',
        canonicalPath: paths.profile(p.username),
        ...(image ? { image: { ...image, alt: `${p.displayName} on ${PRODUCT_NAME}` } } : {}),
      },
    };
  });
}

/** Makes a profile's card, unless its account is banned or gone; its page then previews with it. */
export async function makeProfileCard(app: FastifyInstance, userId: string, signal: AbortSignal): Promise<void> {
  const p = await shownProfile(app.db, await findProfileById(app.db, userId));
  if (!p || p === 'banned') return;
  await makeCard(app.storage, profileMedia(p.id), cardSpec(p), signal);
  app.readCache.invalidate();
}
