import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotificationSchema } from '../../../shared/realtime.js';
import { requireUser } from '../../access/guards.js';
import { deleteNotification, listNotifications, markAllRead, markRead } from './service.js';

const IdParams = z.object({ id: z.string().min(1).max(64) });

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your 50 newest notifications and the unread count',
        response: { 200: z.object({ notifications: z.array(NotificationSchema), unread: z.number() }) },
      },
    },
    async (req, reply) => {
      const s = await requireUser(req);
      reply.header('Cache-Control', 'no-store');
      return listNotifications(app.db, s.user.id);
    },
  );

  app.post('/api/notifications/:id/read', { schema: { tags: ['notifications'], summary: 'Mark one read', params: IdParams } }, async (req, reply) => {
    const s = await requireUser(req);
    await markRead(app.db, app.realtime, s.user.id, req.params.id);
    return reply.status(204).send();
  });

  app.post('/api/notifications/read-all', { schema: { tags: ['notifications'], summary: 'Mark all read' } }, async (req, reply) => {
    const s = await requireUser(req);
    await markAllRead(app.db, app.realtime, s.user.id);
    return reply.status(204).send();
  });

  app.delete('/api/notifications/:id', { schema: { tags: ['notifications'], summary: 'Delete one', params: IdParams } }, async (req, reply) => {
    const s = await requireUser(req);
    await deleteNotification(app.db, app.realtime, s.user.id, req.params.id);
    return reply.status(204).send();
  });

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
      schema: {
        tags: ['notifications'],
        summary: 'Receive notifications as web push in this browser',
        body: z.object({ endpoint: z.url().max(2000), keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }) }),
      },
    },
    async (req, reply) => {
      const s = await requireUser(req);
      await app.push.subscribe(s.user.id, req.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/push/subscriptions',
    { schema: { tags: ['notifications'], summary: 'Stop web push in this browser', body: z.object({ endpoint: z.string().max(2000) }) } },
    async (req, reply) => {
      const s = await requireUser(req);
      await app.push.unsubscribe(s.user.id, req.body.endpoint);
      return reply.status(204).send();
    },
  );
};
