import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatRestrictionParamsSchema,
  CreateReportSchema,
  DecisionResultSchema,
  LiftSchema,
  ModeratedItemSchema,
  ModerationDecisionSchema,
  ModerationOverviewSchema,
  ModerationSearchQuerySchema,
  ModerationSearchSchema,
  ModerationTargetParamsSchema,
  REPORT_RECEIVED,
  ReportCaseSchema,
  ReportCreatedSchema,
  ReportQueueQuerySchema,
  ReportQueueSchema,
} from '../../../shared/moderation/moderation.js';
import { userSession } from '../../access/guards.js';
import {
  decide,
  fileReport,
  liftChatRestriction,
  liftSanction,
  moderationOverview,
  moderationSearch,
  reportCase,
  reportQueue,
  restoreContent,
  type ModerationDeps,
} from './service.js';

export function moderationDeps(app: FastifyInstance): ModerationDeps {
  return {
    db: app.db,
    registry: app.moderationRegistry,
    notifier: app.notifier,
    sessionsEnded: () => app.realtime.sessionsEnded(),
    stopLive: (which, reason) => {
      app.live.stop(which, reason);
    },
  };
}

const UserParams = z.object({ userId: z.string().min(1).max(64) });

/**
 * Reports (any signed-in user) and the moderators' screens, `/admin/reports` and
 * `/admin/moderation` (moderators and admins: the routes' `role: 'moderator'` lets admins in).
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = moderationDeps(app);

  app.post(
    '/api/reports',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'Report a video, short, stream, comment, live-chat message or profile (one open report per item; 10 an hour)',
        body: CreateReportSchema,
        response: { 201: ReportCreatedSchema },
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      const { id } = await fileReport(deps, s.user.id, req.body);
      return reply.code(201).send({ id, message: REPORT_RECEIVED });
    },
  );

  app.get(
    '/api/admin/reports',
    {
      config: { role: 'moderator', noStore: true },
      schema: {
        tags: ['moderation'],
        summary: 'Reported items with open reports, newest or most reported first (moderators and admins)',
        querystring: ReportQueueQuerySchema,
        response: { 200: ReportQueueSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      return { entries: await reportQueue(deps, s.user.id, req.query.sort) };
    },
  );

  app.get(
    '/api/admin/reports/:targetType/:targetId',
    {
      config: { role: 'moderator', noStore: true },
      schema: {
        tags: ['moderation'],
        summary: 'One reported item in place, with its reports and the earlier actions on it and its owner (moderators and admins)',
        params: ModerationTargetParamsSchema,
        response: { 200: ReportCaseSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      return reportCase(deps, s.user.id, req.params.targetType, req.params.targetId);
    },
  );

  app.post(
    '/api/admin/reports/:targetType/:targetId/decision',
    {
      config: { role: 'moderator' },
      schema: {
        tags: ['moderation'],
        summary: 'Decide every open report of an item at once: remove, warn, suspend, ban or dismiss (moderators and admins)',
        params: ModerationTargetParamsSchema,
        body: ModerationDecisionSchema,
        response: { 200: DecisionResultSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      return decide(deps, s.user.id, req.params.targetType, req.params.targetId, req.body, { fromReports: true });
    },
  );

  app.get(
    '/api/admin/moderation',
    {
      config: { role: 'moderator', noStore: true },
      schema: {
        tags: ['moderation'],
        summary: 'Removed content, suspended and banned accounts, and live-chat timeouts and bans across channels (moderators and admins)',
        response: { 200: ModerationOverviewSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      return moderationOverview(deps, s.user.id);
    },
  );

  app.get(
    '/api/admin/moderation/search',
    {
      config: { role: 'moderator', noStore: true },
      schema: {
        tags: ['moderation'],
        summary: 'Any user or item by name, title, words or id, removed and banned ones included (moderators and admins)',
        querystring: ModerationSearchQuerySchema,
        response: { 200: ModerationSearchSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      return { items: await moderationSearch(deps, s.user.id, req.query.q) };
    },
  );

  app.post(
    '/api/admin/moderation/items/:targetType/:targetId/decision',
    {
      config: { role: 'moderator' },
      schema: {
        tags: ['moderation'],
        summary: 'Remove an item, or warn, suspend or ban its owner, without a report (moderators and admins)',
        params: ModerationTargetParamsSchema,
        body: ModerationDecisionSchema,
        response: { 200: DecisionResultSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      return decide(deps, s.user.id, req.params.targetType, req.params.targetId, req.body, { fromReports: false });
    },
  );

  app.post(
    '/api/admin/moderation/items/:targetType/:targetId/restore',
    {
      config: { role: 'moderator' },
      schema: {
        tags: ['moderation'],
        summary: 'Restore removed content (moderators and admins)',
        params: ModerationTargetParamsSchema,
        body: LiftSchema,
        response: { 200: ModeratedItemSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      return restoreContent(deps, s.user.id, req.params.targetType, req.params.targetId, req.body.note);
    },
  );

  app.post(
    '/api/admin/moderation/users/:userId/lift',
    {
      config: { role: 'moderator', answers: { 204: 'Lifted' } },
      schema: { tags: ['moderation'], summary: 'Lift a suspension or ban (moderators and admins)', params: UserParams, body: LiftSchema },
    },
    async (req, reply) => {
      const s = userSession(req);
      await liftSanction(deps, s.user.id, req.params.userId, req.body.note);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/admin/moderation/chat-restrictions/:channelId/:userId/lift',
    {
      config: { role: 'moderator', answers: { 204: 'Lifted' } },
      schema: {
        tags: ['moderation'],
        summary: 'Lift a live-chat timeout or ban in any creator’s chats (moderators and admins)',
        params: ChatRestrictionParamsSchema,
        body: LiftSchema,
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      await liftChatRestriction(deps, s.user.id, req.params.channelId, req.params.userId, req.body.note);
      return reply.code(204).send();
    },
  );
};
