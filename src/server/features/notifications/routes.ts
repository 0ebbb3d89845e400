import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotificationSchema } from '../../../shared/realtime/realtime.js';
import { userSession } from '../../access/guards.js';
import { deleteNotification, listNotifications, markAllRead, markRead, notificationsKey } from './service.js';

const IdParams = z.object({ id: z.string().min(1).max(64) });

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['notifications'],
        summary: 'Your 50 newest notifications and the unread count',
        response: { 200: z.object({ notifications: z.array(NotificationSchema), unread: z.number() }) },
      },
    },
    async (req) => {
      const s = userSession(req);
      // Kept under the account's id until it changes (service.ts, `notificationsKey`).
      return app.readCache.memo(notificationsKey(s.user.id), () => listNotifications(app.db, s.user.id));
    },
  );

  app.post(
    '/api/notifications/:id/read',
    { config: { auth: 'user', answers: { 204: 'Marked read' } }, schema: { tags: ['notifications'], summary: 'Mark one read', params: IdParams } },
    async (req, reply) => {
      const s = userSession(req);
      await markRead(app.db, app.realtime, s.user.id, req.params.id);
      app.readCache.drop(notificationsKey(s.user.id));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/notifications/read-all',
    { config: { auth: 'user', answers: { 204: 'All marked read' } }, schema: { tags: ['notifications'], summary: 'Mark all read' } },
    async (req, reply) => {
      const s = userSession(req);
      await markAllRead(app.db, app.realtime, s.user.id);
      app.readCache.drop(notificationsKey(s.user.id));
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/notifications/:id',
    { config: { auth: 'user', answers: { 204: 'Deleted' } }, schema: { tags: ['notifications'], summary: 'Delete one', params: IdParams } },
    async (req, reply) => {
      const s = userSession(req);
      await deleteNotification(app.db, app.realtime, s.user.id, req.params.id);
      app.readCache.drop(notificationsKey(s.user.id));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/push/key',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The VAPID public key for web push (null when off)',
        response: { 200: z.object({ publicKey: z.string().nullable() }) },
      },
    },
    async () => ({ publicKey: app.push.publicKey ?? null }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      config: { auth: 'user', answers: { 204: 'Subscribed' } },
      schema: {
        tags: ['notifications'],
        summary: 'Receive notifications as web push in this browser',
        body: z.object({ endpoint: z.url().max(2000), keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }) }),
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      await app.push.subscribe(s.user.id, req.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      config: { auth: 'user', answers: { 204: 'Unsubscribed' } },
      schema: { tags: ['notifications'], summary: 'Stop web push in this browser', body: z.object({ endpoint: z.string().max(2000) }) },
    },
    async (req, reply) => {
      const s = userSession(req);
      await app.push.unsubscribe(s.user.id, req.body.endpoint);
      return reply.status(204).send();
    },
  );
};
