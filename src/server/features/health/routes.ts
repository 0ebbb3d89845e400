import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../platform/db/client.js';

const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number().nullable() }),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Liveness and database health', response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_req, reply) => {
      const uptimeSeconds = Math.round(process.uptime());
      try {
        const latencyMs = await pingDatabase(app.db);
        return { status: 'ok' as const, database: { kind: app.dbKind, ok: true, latencyMs }, uptimeSeconds };
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error' as const, database: { kind: app.dbKind, ok: false, latencyMs: null }, uptimeSeconds });
      }
    },
  );
};
