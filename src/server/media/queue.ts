import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

export type JobHandler = (payload: Record<string, unknown>, ctx: { signal: AbortSignal; attempt: number }) => Promise<void>;

export interface QueueDefinition {
  handler: JobHandler;
  /** Called once when the last attempt failed. */
  onFinalFailure?: (payload: Record<string, unknown>, error: Error) => Promise<void>;
  timeoutMs?: number;
}

const HEARTBEAT_MS = 5_000;
/** A running job whose heartbeat is older than this lost its worker (crash, restart) and runs again. */
const STALE_MS = 30_000;

export async function enqueue(db: Db, queue: string, payload: Record<string, unknown>, opts: { maxAttempts?: number } = {}) {
  const [row] = await db.insert(jobs).values({ queue, payload, maxAttempts: opts.maxAttempts ?? 3 }).returning({ id: jobs.id });
  return row!.id;
}

/**
 * A worker over the Postgres job table: claims one ready job at a time with SKIP LOCKED, keeps a
 * heartbeat while it runs, retries with backoff, and takes over jobs whose worker died.
 */
export function startWorker(db: Db, queues: Record<string, QueueDefinition>, log: FastifyBaseLogger, opts: { pollMs?: number; concurrency?: number } = {}) {
  const pollMs = opts.pollMs ?? 1000;
  let stopped = false;
  const running = new Set<Promise<void>>();
  const controllers = new Set<AbortController>();
  let wake: (() => void) | undefined;

  async function claim() {
    // Jobs left running by a dead worker go back to the queue first.
    await db
      .update(jobs)
      .set({ status: 'queued', heartbeatAt: null })
      .where(and(eq(jobs.status, 'running'), lt(jobs.heartbeatAt, new Date(Date.now() - STALE_MS))));
    const names = Object.keys(queues);
    const rows = await db.execute<{ id: number; queue: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }>(sql`
      update jobs set status = 'running', attempts = attempts + 1, heartbeat_at = now()
      where id = (
        select id from jobs
        where status = 'queued' and run_at <= now() and queue in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
        order by run_at, id
        for update skip locked
        limit 1
      )
      returning id, queue, payload, attempts, max_attempts`);
    const list = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
    return list[0] as { id: number; queue: string; payload: Record<string, unknown>; attempts: number; max_attempts: number } | undefined;
  }

  async function run(job: NonNullable<Awaited<ReturnType<typeof claim>>>) {
    const def = queues[job.queue]!;
    const controller = new AbortController();
    controllers.add(controller);
    const beat = setInterval(() => {
      void db.update(jobs).set({ heartbeatAt: new Date() }).where(eq(jobs.id, job.id)).catch(() => {});
    }, HEARTBEAT_MS);
    const timeout = def.timeoutMs ? setTimeout(() => controller.abort(), def.timeoutMs) : undefined;
    try {
      await def.handler(job.payload, { signal: controller.signal, attempt: job.attempts });
      await db.update(jobs).set({ status: 'done', heartbeatAt: null, lastError: null }).where(eq(jobs.id, job.id));
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      if (stopped && controller.signal.aborted) {
        // Shutting down: give the attempt back, another start picks the job up again.
        await db.update(jobs).set({ status: 'queued', attempts: job.attempts - 1, heartbeatAt: null }).where(eq(jobs.id, job.id));
        return;
      }
      const last = job.attempts >= job.max_attempts;
      log.warn({ err: error, job: job.id, queue: job.queue, attempt: job.attempts, last }, 'job failed');
      await db
        .update(jobs)
        .set({
          status: last ? 'failed' : 'queued',
          lastError: error.message.slice(0, 2000),
          heartbeatAt: null,
          runAt: new Date(Date.now() + 2000 * 2 ** job.attempts),
        })
        .where(eq(jobs.id, job.id));
      if (last) await def.onFinalFailure?.(job.payload, error).catch((e) => log.error({ err: e }, 'onFinalFailure failed'));
    } finally {
      clearInterval(beat);
      clearTimeout(timeout);
      controllers.delete(controller);
    }
  }

  const concurrency = opts.concurrency ?? 1;
  const loop = async () => {
    while (!stopped) {
      if (running.size < concurrency) {
        let job: Awaited<ReturnType<typeof claim>>;
        try {
          job = await claim();
        } catch (err) {
          if (!stopped) log.error({ err }, 'job queue: claim failed');
          job = undefined;
        }
        if (job) {
          const p = run(job).finally(() => running.delete(p));
          running.add(p);
          continue;
        }
      }
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, pollMs);
      });
    }
  };
  const looping = loop();

  return {
    /** Looks for work now instead of at the next poll. */
    nudge() {
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      controllers.forEach((c) => c.abort());
      await looping;
      await Promise.allSettled([...running]);
    },
  };
}
export type Worker = ReturnType<typeof startWorker>;
