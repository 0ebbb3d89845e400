import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { lamportsToSol } from '../../../shared/payments/sol.js';
import { documentTitle, shortDescription } from '../../../shared/platform/page-titles.js';
import { PRODUCT_NAME } from '../../../shared/platform/product.js';
import { paths } from '../../../shared/platform/routes.js';
import { creatorColumns, profilesTable } from '../../access/creator.js';
import { isBanned } from '../../access/standing.js';
import type { Db } from '../../platform/db/client.js';
import { registerPageMeta, unavailablePage } from '../../platform/http/page-meta.js';
import { jobsFor } from '../../platform/jobs/jobs.js';
import { cardPicture, cardRequests, makeCard, type CardSpec } from '../../platform/media/cards.js';
import { bountyMedia } from '../../platform/storage/storage.js';
import type { BountyJobs } from './jobs.js';
import { getBountyRow, takesClaims, type BountyRow } from './service.js';

/** Makes one bounty's link preview picture (its card: drawn art with the title, reward and poster). */
export const BOUNTY_CARD_QUEUE = 'bounty-card';

type Poster = { username: string; displayName: string };

/** A bounty its page may show: undefined when there is none or its poster is banned. */
async function shownBounty(db: Db, id: string): Promise<{ bounty: BountyRow; poster: Poster } | undefined> {
  const bounty = await getBountyRow(db, id);
  if (!bounty || (await isBanned(db, bounty.posterId))) return undefined;
  const [poster] = await db.select(creatorColumns).from(profilesTable).where(eq(profilesTable.id, bounty.posterId));
  return poster ? { bounty, poster } : undefined;
}

const reward = (b: BountyRow) => `${lamportsToSol(b.rewardLamports)} SOL`;
/** Asks for bounties' cards: on a page read that found none, and as a bounty is posted. */
export const bountyCards = (app: FastifyInstance) =>
  cardRequests(jobsFor<BountyJobs>(app.jobs), BOUNTY_CARD_QUEUE, (bountyId) => ({ bountyId }), app.config.cardsOnPublish);

/** The card changes with the bounty's state only when claims open or close. */
const cardSpec = (b: BountyRow, p: Poster): CardSpec => ({
  title: b.title,
  byline: `${reward(b)} bounty by @${p.username}`,
  badge: takesClaims(b) ? 'Open bounty' : 'Bounty closed',
  picture: null,
});

/** A bounty's page: "Title · Bounties · Glint", previewed with its reward and a card of its own. */
export function registerBountyPages(app: FastifyInstance): void {
  const cards = bountyCards(app);
  registerPageMeta(app.pageMeta, ['/bounties/:id'], async (params) => {
    const shown = await shownBounty(app.db, params.id ?? '');
    if (!shown) return unavailablePage('bounty', false);
    const { bounty: b, poster: p } = shown;
    const image = await cardPicture(app.storage, bountyMedia(b.id), cardSpec(b, p), () => cards.missing(b.id));
    const about = shortDescription(b.description, 150);
    return {
      title: documentTitle(b.title, 'Bounties'),
      description: `${reward(b)} bounty by ${p.displayName} on ${PRODUCT_NAME}${about ? `: ${about}` : '.'}`,
      card: {
        title: `Bounty: ${b.title}`,
        type: 'website',
        canonicalPath: paths.bounty(b.id),
        ...(image ? { image: { ...image, alt: `Bounty “${b.title}”: ${reward(b)}` } } : {}),
      },
    };
  });
}

/** Makes a bounty's card, if it may be shown; its page then previews with it. */
export async function makeBountyCard(app: FastifyInstance, bountyId: string, signal: AbortSignal): Promise<void> {
  const shown = await shownBounty(app.db, bountyId);
  if (!shown) return;
  await makeCard(app.storage, bountyMedia(bountyId), cardSpec(shown.bounty, shown.poster), signal);
  app.readCache.invalidate();
}
