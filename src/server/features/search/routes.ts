import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchQuerySchema, SearchResultsSchema } from '../../../shared/search/search.js';
import { listBounties } from '../bounties/service.js';
import { searchPeople } from './service.js';
import { listStreams } from '../live/service.js';
import { listVideos } from '../videos/service.js';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      config: { guestCache: true },
      schema: {
        tags: ['search'],
        summary: 'Search users, streams, videos, shorts and bounties',
        querystring: SearchQuerySchema,
        response: { 200: SearchResultsSchema },
      },
    },
    // Nothing in it depends on who asks: one answer per query for everyone.
    async (req) => app.readCache.memo(`search:${req.query.q}`, () => search(req.query.q)),
  );

  async function search(q: string) {
    const db = app.db;
    if (!q) {
      // No query yet: what is trending, so the page is never empty.
      const [live, upcoming, videos, shorts] = await Promise.all([
        listStreams(db, { status: 'live', limit: 10 }),
        listStreams(db, { status: 'scheduled', limit: 10 }),
        listVideos(db, { kind: 'long', sort: 'trending', limit: 12 }),
        listVideos(db, { kind: 'short', sort: 'trending', limit: 12 }),
      ]);
      return { q, users: [], streams: [...live, ...upcoming], videos, shorts, bounties: [] };
    }
    const [users, live, scheduled, ended, videos, shorts, bounties] = await Promise.all([
      searchPeople(db, q),
      listStreams(db, { status: 'live', text: q, limit: 10 }),
      listStreams(db, { status: 'scheduled', text: q, limit: 10 }),
      listStreams(db, { status: 'ended', text: q, limit: 10 }),
      listVideos(db, { kind: 'long', text: q }),
      listVideos(db, { kind: 'short', text: q }),
      listBounties(db, { text: q, limit: 20 }),
    ]);
    return { q, users, streams: [...live, ...scheduled, ...ended], videos, shorts, bounties };
  }
};
