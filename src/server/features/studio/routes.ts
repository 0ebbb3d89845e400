import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BulkCategorySchema, BulkDeleteSchema, BulkResultSchema, ContentPageSchema, ContentQuerySchema } from '../../../shared/studio/studio.js';
import { userSession } from '../../access/guards.js';
import { bulkCategory, bulkDelete, contentPage } from './service.js';

/** The Creator Studio: the signed-in creator's own content, read and changed in bulk. */
export const studioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/studio/content',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['studio'],
        summary: 'Your videos, shorts, clips and streams with their status, visibility, date, views, likes, comments and earnings; sorted, filtered, paged',
        querystring: ContentQuerySchema,
        response: { 200: ContentPageSchema },
      },
    },
    async (req) => contentPage(app.db, userSession(req).user.id, req.query),
  );

  app.post(
    '/api/studio/content/delete',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['studio'],
        summary: 'Delete several of your videos, shorts, clips and streams (not while live) with their media; each item’s outcome is reported',
        body: BulkDeleteSchema,
        response: { 200: BulkResultSchema },
      },
    },
    async (req) => bulkDelete(app.db, app.storage, userSession(req).user.id, req.body.items, (id, ownerId) => app.live.deleteStream(id, ownerId, req.log)),
  );

  app.post(
    '/api/studio/content/category',
    {
      config: { auth: 'poster' },
      schema: {
        tags: ['studio'],
        summary: 'Move several of your videos, shorts, clips and streams to a category; each item’s outcome is reported',
        body: BulkCategorySchema,
        response: { 200: BulkResultSchema },
      },
    },
    async (req) => bulkCategory(app.db, userSession(req).user.id, req.body.items, req.body.category),
  );
};
