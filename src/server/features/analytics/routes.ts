import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  AnalyticsOverviewSchema,
  AnalyticsQuerySchema,
  PlaybackReportSchema,
  RetentionSchema,
  type PlaybackReport,
} from '../../../shared/analytics/analytics.js';
import { sessionOf, userSession } from '../../access/guards.js';
import { getPublishedVideo, viewerKey } from '../videos/service.js';
import { getOverview, getRetention, rollUp } from './service.js';
import { getStreamStats } from './stream-stats.js';
import { StreamStatsSchema } from '../../../shared/live/streams.js';

/** How long the heartbeat keeps a video's owner (or that it may not be watched) before asking again. */
const VIDEO_MEMO_MS = 30_000;
const VIDEO_MEMO_MAX = 5_000;

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The heartbeat comes every few seconds from every player: who owns a video is remembered a
  // little, so a report costs one insert. A video that stops being watchable drops out within the memo.
  const owners = new Map<string, { ownerId: string | null; until: number }>();
  const ownerOf = async (videoId: string): Promise<string | null> => {
    const now = Date.now();
    const kept = owners.get(videoId);
    if (kept && kept.until > now) return kept.ownerId;
    let ownerId: string | null;
    try {
      ownerId = (await getPublishedVideo(app.db, videoId)).ownerId;
    } catch {
      ownerId = null;
    }
    if (owners.size >= VIDEO_MEMO_MAX) owners.clear();
    owners.set(videoId, { ownerId, until: now + VIDEO_MEMO_MS });
    return ownerId;
  };

  /**
   * Keeps a report for the next write, whether it came as a request or on a socket (`req` is then
   * the socket's upgrade request): the owner's own playbacks are no audience; a video nobody may
   * watch has none.
   */
  const keep = (report: PlaybackReport, ownerId: string | null, req: FastifyRequest, userId: string | null) => {
    if (ownerId && userId !== ownerId) app.playbackReports.add(report, viewerKey(req, userId ? { user: { id: userId } } : null, true));
  };

  app.post(
    '/api/analytics/playback',
    {
      // Small and sent with sendBeacon as the page goes (a Blob of JSON).
      bodyLimit: 1024,
      config: { auth: 'optional', answers: { 204: 'Noted (or left out: the owner, a video not available)' } },
      schema: {
        tags: ['analytics'],
        summary: 'Report where a playback is: every few seconds while playing, on pause, end and leaving',
        body: PlaybackReportSchema,
      },
    },
    async (req, reply) => {
      const report = req.body;
      const ownerId = await ownerOf(report.videoId);
      // Without credentials nobody is signed in: a guest's report skips the session lookup.
      const s = req.headers.cookie || req.headers.authorization ? await sessionOf(req) : null;
      keep(report, ownerId, req, s?.user.id ?? null);
      return reply.status(204).send();
    },
  );

  // The same report from a player whose page has the realtime socket open (every signed-in
  // viewer): a message on a connection already made and signed in, instead of a request each time.
  // Who sent it is the socket's account (or, for a guest's socket, their address and browser).
  app.realtime.onPlaybackReport((from, { type: _type, ...report }) => {
    const known = owners.get(report.videoId);
    if (known && known.until > Date.now()) keep(report, known.ownerId, from.request, from.userId);
    else void ownerOf(report.videoId).then((ownerId) => keep(report, ownerId, from.request, from.userId));
  });

  app.get(
    '/api/studio/analytics',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['analytics'],
        summary: 'Your channel over a period against the one before: views, viewers, watch time, sources, followers, earnings, top content',
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsOverviewSchema },
      },
    },
    async (req) => getOverview(app.db, userSession(req).user.id, req.query.period),
  );

  app.get(
    '/api/studio/analytics/videos/:id/retention',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['analytics'],
        summary: 'Audience retention of one of your videos over a period',
        params: z.object({ id: z.uuid() }),
        querystring: AnalyticsQuerySchema,
        response: { 200: RetentionSchema },
      },
    },
    async (req) => getRetention(app.db, userSession(req).user.id, req.params.id, req.query.period),
  );

  app.get(
    '/api/studio/analytics/streams/:id',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['analytics'],
        summary: 'How one of your streams did: viewers and chat minute by minute, peak and average, and the tips it got',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: StreamStatsSchema },
      },
    },
    async (req) => getStreamStats(app.db, userSession(req).user.id, req.params.id),
  );

  // On a developer's laptop (loopback, a localhost address), the roll-up can be run at once instead
  // of within 5 minutes: new views show in the studio straight away. Never served elsewhere.
  if (app.config.localDev) {
    app.post('/api/dev/analytics/rollup', { schema: { hide: true } }, async (_req, reply) => {
      await app.playbackReports.flush();
      await rollUp(app.db);
      return reply.status(204).send();
    });
  }
};
