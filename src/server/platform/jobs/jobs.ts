import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type Job, type QueueOptions } from 'pg-boss';
import type { Database } from '../db/client.js';
import { currentRequestId, runForRequest } from '../http/request-id.js';

/**
 * Glint's background work on pg-boss, on PGlite and on PostgreSQL alike (docs/decisions/007):
 * jobs with retries and backoff, jobs that start later, recurring jobs, and a job whose process
 * died picked up again once its heartbeat stops. Every other module sends and handles jobs through
 * this one; none of them talks to pg-boss itself.
 */

export type JobData = Record<string, unknown>;

/**
 * What each queue's jobs carry, by queue name: a feature lists its own in its `jobs.ts`
 * (`interface VideoJobs { [TRANSCODE_QUEUE]: { videoId: string } }`) and works through
 * `jobsFor<VideoJobs>(app.jobs)`, so a job sent with the wrong data does not compile.
 */
export type JobMap = object;
type AnyJobs = Record<string, JobData>;

export interface JobContext {
  /** Aborted when the process stops or the job is given up (expired, heartbeat lost). */
  signal: AbortSignal;
  /** 0 on the first run, then 1, 2… on retries. */
  retryCount: number;
}

export interface JobDefinition<D = JobData> {
  /** What runs the job; a process that only sends (the seed command) defines the queue without one. */
  handler?: (data: D, ctx: JobContext) => Promise<void>;
  /** Called once, when the last retry has failed too. */
  onFinalFailure?: (data: D, error: Error) => Promise<void>;
  /** Retries after the first run (default 2), with exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * A running job whose worker stops beating for this long is retried elsewhere (default 10, the
   * least pg-boss allows: a crashed transcode runs again within about 15 s of the crash).
   */
  heartbeatSeconds?: number;
  /** Longest a single run may take (default 4 h, the longest video). */
  expireInSeconds?: number;
  /**
   * At most one job per `singletonKey` waiting, running or due for a retry: every send to the queue
   * names a key, and a send while such a job of that key exists makes no new one (the database
   * refuses it, so readers asking at once still queue one). Once that job has finished or finally
   * failed, the next send queues again. Only such a queue accepts a key.
   */
  oncePerKey?: boolean;
}

export interface SendOptions {
  /** Run no earlier than this (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /**
   * At most one job with this key per queue waiting or running: the send answers null when one
   * does. Only for a queue defined `oncePerKey`, and required by one.
   */
  singletonKey?: string;
}

export interface Jobs<M extends JobMap = AnyJobs> {
  /** Declares a queue and its retry policy. Must come before sending to it. */
  define<Q extends keyof M & string>(queue: Q, def: JobDefinition<M[Q]>): Promise<void>;
  /** The new job's id, or null when a queue defined `oncePerKey` already has one with the key (waiting or running). */
  send<Q extends keyof M & string>(queue: Q, data: M[Q], opts?: SendOptions): Promise<string | null>;
  /** Whether a job of `queue` whose data includes `data` waits, runs or will be retried. */
  pending<Q extends keyof M & string>(queue: Q, data: Partial<M[Q]>): Promise<boolean>;
  /**
   * A recurring job: `cron` in UTC (`*\/15 * * * *`) or a recurrence rule (`FREQ=SECONDLY;INTERVAL=5`);
   * replaces an earlier schedule of the queue.
   */
  schedule<Q extends keyof M & string>(queue: Q, cron: string, data?: M[Q]): Promise<void>;
  /** Starts handling the defined queues in this process, `concurrency` jobs at a time each. */
  work(concurrency: number): Promise<void>;
  /** Jobs per queue by state, as the job library last counted them (every 15 s or so). */
  counts(): Promise<QueueCounts[]>;
  /** Whether the job library runs here (started, not stopped, no background failure since). */
  running(): boolean;
  stop(): Promise<void>;
}

export interface QueueCounts {
  queue: string;
  /** Waiting to start later (a retry's backoff, a scheduled job). */
  deferred: number;
  queued: number;
  active: number;
  failed: number;
}

export interface JobsOptions {
  /** How often idle workers look for work, in seconds (default 1). */
  pollSeconds?: number;
  /** How often expired or heartbeat-lost jobs are looked for, in seconds (default 5). */
  superviseSeconds?: number;
  /** How often recurring jobs are looked at, in seconds (default 30). */
  cronSeconds?: number;
}

/** The same jobs, typed by a feature's map of its queues (the data is JSON in the queue either way). */
export const jobsFor = <M extends JobMap>(jobs: Jobs): Jobs<M> => jobs as unknown as Jobs<M>;

/** Where a job sent during a request keeps that request's id; the handler never sees it. */
const REQUEST_ID_KEY = '_requestId';

/** A job's own data, and the id of the request that sent it. */
function unwrap(data: JobData): { data: JobData; reqId: string | undefined } {
  const { [REQUEST_ID_KEY]: reqId, ...own } = data ?? {};
  return { data: own, reqId: typeof reqId === 'string' ? reqId : undefined };
}

const DEFAULTS = { retryLimit: 2, retryDelaySeconds: 2, heartbeatSeconds: 10, expireInSeconds: 4 * 3600 };

export async function startJobs(database: Database, log: FastifyBaseLogger, o: JobsOptions = {}): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    superviseIntervalSeconds: o.superviseSeconds ?? 5,
    monitorIntervalSeconds: Math.max(15, o.superviseSeconds ?? 5),
    cronWorkerIntervalSeconds: o.cronSeconds ?? 30,
    cronMonitorIntervalSeconds: o.cronSeconds ?? 30,
  });
  let running = false;
  boss.on('error', (err: unknown) => log.error({ err }, 'jobs: background error'));
  boss.on('stopped', () => (running = false));
  await boss.start();
  running = true;

  const defs = new Map<
    string,
    Required<Omit<JobDefinition, 'onFinalFailure' | 'handler' | 'oncePerKey'>> & Pick<JobDefinition, 'onFinalFailure' | 'handler' | 'oncePerKey'>
  >();
  /** Jobs run at once per queue in this process; 0 until `work` is called. */
  let workers = 0;
  const working = new Set<string>();

  async function startWorking(queue: string) {
    const def = defs.get(queue);
    if (!workers || !def?.handler || working.has(queue)) return;
    working.add(queue);
    // A retry of a job taken over after a crash is logged, so a second run is never silent.
    await boss.work<JobData>(queue, { localConcurrency: workers, pollingIntervalSeconds: o.pollSeconds ?? 1, batchSize: 1 }, async ([job]) => {
      if (!job) return;
      const { data, reqId } = unwrap(job.data);
      // The job's lines, and those its handler writes, name the request that sent it.
      await runForRequest(reqId, async () => {
        if (job.retryCount > 0) log.info({ job: job.id, queue, retry: job.retryCount }, 'job: running again');
        await run(queue, { ...job, data });
      });
    });
  }

  async function run(queue: string, job: Job<JobData>) {
    const def = defs.get(queue)!;
    if (!def.handler) throw new Error(`No handler for ${queue} in this process`);
    try {
      await def.handler(job.data, { signal: job.signal, retryCount: job.retryCount });
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      const last = job.retryCount >= def.retryLimit;
      log.warn({ err: error, job: job.id, queue, retry: job.retryCount, last }, 'job failed');
      if (last)
        await def.onFinalFailure?.(job.data, error).catch((e: unknown) => log.error({ err: e, job: job.id, queue }, 'job: final-failure handler failed'));
      throw error;
    }
  }

  /**
   * pg-boss fixes a queue's policy when it is created: a queue defined before it declared (or
   * dropped) `oncePerKey` is made again with the new policy, its waiting jobs carried over (a job
   * running at that moment is lost with the old queue).
   */
  async function recreate(queue: string, options: QueueOptions & { policy: string }) {
    try {
      const waiting = await boss.findJobs<JobData>(queue, { queued: true, limit: 100_000 });
      await boss.deleteQueue(queue);
      await boss.createQueue(queue, options);
      for (const job of waiting)
        await boss.send(queue, job.data, { startAfter: job.startAfter, ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}) });
      log.info({ queue, policy: options.policy, carried: waiting.length }, 'jobs: queue made again with a new policy');
    } catch (err) {
      // Another process starting at the same moment may have made it again first.
      if ((await boss.getQueue(queue))?.policy !== options.policy) throw err;
    }
  }

  return {
    async define(queue, def) {
      const full = { ...DEFAULTS, ...def };
      defs.set(queue, full);
      const options = {
        retryLimit: full.retryLimit,
        retryDelay: full.retryDelaySeconds,
        retryBackoff: true,
        heartbeatSeconds: full.heartbeatSeconds,
        expireInSeconds: full.expireInSeconds,
      };
      // `exclusive`: a unique index lets one job per key be waiting, due for a retry or running.
      const policy = full.oncePerKey ? 'exclusive' : 'standard';
      const existing = await boss.getQueue(queue);
      if (!existing) await boss.createQueue(queue, { ...options, policy });
      else if (existing.policy === policy) await boss.updateQueue(queue, options);
      else await recreate(queue, { ...options, policy });
      await startWorking(queue);
    },
    async send(queue, data, opts = {}) {
      const def = defs.get(queue);
      if (opts.singletonKey !== undefined && !def?.oncePerKey)
        throw new Error(`Queue ${queue} is not defined oncePerKey: a singletonKey there would deduplicate nothing`);
      if (def?.oncePerKey && !opts.singletonKey) throw new Error(`Queue ${queue} is defined oncePerKey: every send names its singletonKey`);
      const reqId = currentRequestId();
      return boss.send(queue, reqId ? { ...data, [REQUEST_ID_KEY]: reqId } : data, {
        ...(opts.startAfter !== undefined ? { startAfter: opts.startAfter } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      });
    },
    async pending(queue, data) {
      const found = await boss.findJobs(queue, { data });
      return found.some((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active');
    },
    async schedule(queue, cron, data = {}) {
      await boss.schedule(queue, cron, data, { tz: 'UTC' });
    },
    async work(concurrency) {
      if (concurrency < 1) return;
      workers = concurrency;
      for (const queue of defs.keys()) await startWorking(queue);
    },
    running: () => running,
    async counts() {
      const queues = await boss.getQueues();
      return queues.map((q) => ({ queue: q.name, deferred: q.deferredCount, queued: q.queuedCount, active: q.activeCount, failed: q.failedCount }));
    },
    async stop() {
      running = false;
      // Running jobs get a few seconds to end; one that does not (a long transcode) is left to its
      // heartbeat and taken up again by the next worker, as after a crash. Well inside the time
      // `npm start` gives a stop before it gives up (src/server/main.ts).
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
