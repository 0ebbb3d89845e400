import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../platform/db/client.js';

const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number().nullable() }),
  uptimeSeconds: z.number(),
});

const CheckSchema = z.object({ ok: z.boolean(), latencyMs: z.number().nullable() });
const READY_CHECKS = ['database', 'storage', 'jobs'] as const;
type ReadyCheck = (typeof READY_CHECKS)[number];
const ReadySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: CheckSchema, storage: CheckSchema, jobs: CheckSchema }),
  /** The checks that failed, for the load balancer's log and the operator reading it. */
  failing: z.array(z.enum(READY_CHECKS)),
});

/** Longest one readiness check may take: a load balancer asks again soon, a hung check is a failure. */
const CHECK_TIMEOUT_MS = 3000;

async function timed(check: () => Promise<void>): Promise<z.infer<typeof CheckSchema>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS))),
    ]);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } finally {
    clearTimeout(timer);
  }
}

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

  // For load balancers: send this instance traffic only while what a request needs answers.
  const checks: Record<ReadyCheck, () => Promise<void>> = {
    database: async () => void (await pingDatabase(app.db)),
    storage: () => app.storage.probe(),
    jobs: async () => {
      if (!app.jobs.running()) throw new Error('the job runner is stopped');
    },
  };
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database, media storage and job runner answer',
        description: '503 names the failing checks. `/api/health` is the liveness check.',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_req, reply) => {
      const results = await Promise.all(
        READY_CHECKS.map(async (name) => {
          try {
            return [name, await timed(checks[name])] as const;
          } catch (err) {
            app.log.error({ err, check: name }, 'ready check failed');
            return [name, { ok: false, latencyMs: null }] as const;
          }
        }),
      );
      const failing = results.filter(([, r]) => !r.ok).map(([name]) => name);
      const body = {
        status: failing.length ? ('not_ready' as const) : ('ready' as const),
        checks: Object.fromEntries(results) as Record<ReadyCheck, z.infer<typeof CheckSchema>>,
        failing,
      };
      return reply.status(failing.length ? 503 : 200).send(body);
    },
  );
};
