import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATEGORIES } from '../../../shared/categories/categories.js';
import { CategoryQuerySchema } from '../../../shared/categories/category-query.js';
import { FollowingFeedSchema, HomeFeedSchema } from '../../../shared/home/home-feed.js';
import { StreamCardSchema, StreamDetailSchema, StreamListQuerySchema } from '../../../shared/live/streams.js';
import { listBounties } from '../bounties/service.js';
import { categoryParam } from '../../platform/http/category-param.js';
import { getPublicStream, listStreams, streamIdsWithToken } from '../live/service.js';
import { topTippers } from '../payments/service.js';
import { MintParamsSchema } from '../../../shared/tokens/tokens.js';
import { TokenContentSchema } from '../../../shared/tokens/token-page.js';
import { listVideos } from '../videos/service.js';
import { sessionOf, userSession } from '../../access/guards.js';
import { followedIds } from '../profiles/service.js';
import { answerPersonally } from '../../platform/http/read-cache.js';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/categories',
    {
      config: { guestCache: true },
      schema: {
        tags: ['content'],
        summary: 'The 28 categories, in order',
        response: { 200: z.array(z.object({ name: z.string(), slug: z.string() })) },
      },
    },
    async () => [...CATEGORIES],
  );

  app.get(
    '/api/home',
    {
      config: { auth: 'optional', guestCache: true },
      schema: {
        tags: ['content'],
        summary: 'Rows of the home screen, optionally for one category',
        querystring: CategoryQuerySchema,
        response: { 200: HomeFeedSchema },
      },
    },
    async (req, reply) => {
      const viewer = await sessionOf(req);
      // Signed in: their whole answer is kept under their id until the next write.
      if (viewer && answerPersonally(app.readCache, req, reply, viewer.user.id)) return reply;
      const category = categoryParam(req.query.category);
      const db = app.db;
      // The rows everyone sees, shared by guests and the signed-in alike (only "Following" is theirs).
      const [live, upcoming, recent, videos, shorts, bounties] = await app.readCache.memo(`home-rows:${category ?? ''}`, () =>
        Promise.all([
          listStreams(db, { status: 'live', category, limit: 12 }),
          listStreams(db, { status: 'scheduled', category, limit: 12 }),
          listStreams(db, { status: 'ended', category, limit: 12 }),
          listVideos(db, { kind: 'long', category, limit: 12, sort: 'trending' }),
          listVideos(db, { kind: 'short', category, limit: 12 }),
          listBounties(db, { status: 'open', category, limit: 6 }),
        ]),
      );
      const following = viewer ? await listVideos(db, { kind: 'long', category, limit: 12, ownerIds: await followedIds(db, viewer.user.id) }) : [];
      return { category: category ?? null, live, upcoming, recent, videos, shorts, bounties, following };
    },
  );

  app.get(
    '/api/following',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['content'],
        summary: 'The creators you follow: their live streams, newest videos and newest shorts',
        response: { 200: FollowingFeedSchema },
      },
    },
    async (req) => {
      const owners = await followedIds(app.db, userSession(req).user.id);
      const [live, videos, shorts] = await Promise.all([
        listStreams(app.db, { status: 'live', ownerIds: owners, limit: 24 }),
        listVideos(app.db, { kind: 'long', ownerIds: owners, limit: 24 }),
        listVideos(app.db, { kind: 'short', ownerIds: owners, limit: 24 }),
      ]);
      return { follows: owners.length, live, videos, shorts };
    },
  );

  app.get(
    '/api/streams',
    {
      config: { guestCache: true },
      schema: {
        tags: ['content'],
        summary: 'Live, upcoming or ended streams',
        querystring: StreamListQuerySchema,
        response: { 200: z.array(StreamCardSchema) },
      },
    },
    async (req) =>
      listStreams(app.db, {
        status: req.query.status,
        pumpOnly: req.query.pump === 'true',
        tokenMint: req.query.token,
        category: categoryParam(req.query.category),
      }),
  );

  app.get(
    '/api/streams/:id',
    {
      config: { guestCache: true },
      schema: {
        tags: ['content'],
        summary: 'One stream: its schedule or state, creator and description',
        params: z.object({ id: z.guid() }),
        response: { 200: StreamDetailSchema },
      },
    },
    async (req) => getPublicStream(app.db, req.params.id),
  );

  app.get(
    '/api/tokens/:mint/content',
    {
      config: { guestCache: true },
      schema: {
        tags: ['tokens'],
        summary: 'A token on Glint: its streams (live, upcoming, replays), the videos and shorts naming it, its top tippers',
        params: MintParamsSchema,
        response: { 200: TokenContentSchema },
      },
    },
    async (req) => {
      const db = app.db;
      const mint = req.params.mint;
      const [live, upcoming, replays, videos, shorts, tippers] = await Promise.all([
        listStreams(db, { status: 'live', tokenMint: mint }),
        listStreams(db, { status: 'scheduled', tokenMint: mint }),
        listStreams(db, { status: 'ended', tokenMint: mint, limit: 12 }),
        listVideos(db, { kind: 'long', mentions: mint, limit: 12 }),
        listVideos(db, { kind: 'short', mentions: mint, limit: 12 }),
        topTippers(db, 'livestream', streamIdsWithToken(mint)),
      ]);
      return { live, upcoming, replays, videos, shorts, tippers };
    },
  );
};
