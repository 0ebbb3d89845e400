import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LeaderboardQuerySchema, LeaderboardSchema } from '../../../shared/leaderboards/leaderboards.js';
import { sessionOf } from '../../access/guards.js';
import { getLeaderboard } from './service.js';

/** How long a browser or a cache may reuse a board. */
const MAX_AGE_SECONDS = 30;

export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/leaderboards',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['content'],
        summary: 'A leaderboard over a window: the top 50 with their rank change, and your own rank when signed in (public)',
        querystring: LeaderboardQuerySchema,
        response: { 200: LeaderboardSchema },
      },
    },
    async (req, reply) => {
      // Public: a guest gets the board, a signed-in viewer also their own place on it.
      const viewer = await sessionOf(req);
      // The same board for every guest may be shared by caches; a signed-in answer carries `me`.
      reply.header('Cache-Control', `${viewer ? 'private' : 'public'}, max-age=${MAX_AGE_SECONDS}`);
      reply.header('Vary', 'Cookie, Authorization');
      return getLeaderboard(app.db, { board: req.query.board, window: req.query.window, viewerId: viewer?.user.id });
    },
  );
};
