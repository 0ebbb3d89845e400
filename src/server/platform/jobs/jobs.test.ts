import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { createTestDatabase } from '../../test-support/app.js';
import { startJobs, type Jobs } from './jobs.js';

const log = pino({ level: 'silent' });
const until = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the job library', () => {
  let database: Database;
  let jobs: Jobs;
  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = await startJobs(database, log, { pollSeconds: 0.5, superviseSeconds: 1, cronSeconds: 1 });
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
  });

  it('retries a failing job with backoff, then calls its final-failure handler once', async () => {
    const runs: number[] = [];
    const finals: string[] = [];
    await jobs.define('flaky', {
      retryLimit: 2,
      retryDelaySeconds: 1,
      handler: async (_data, { retryCount }) => {
        runs.push(retryCount);
        throw new Error(`attempt ${retryCount} failed`);
      },
      onFinalFailure: async (data, error) => void finals.push(`${String(data.id)}: ${error.message}`),
    });
    await jobs.work(1);
    await jobs.send('flaky', { id: 'f1' });
    await until(() => finals.length === 1, 30_000);
    expect(runs).toEqual([0, 1, 2]);
    expect(finals).toEqual(['f1: attempt 2 failed']);
  });

  it('runs a scheduled job no earlier than asked', async () => {
    const ran: number[] = [];
    await jobs.define('later', { handler: async () => void ran.push(Date.now()) });
    await jobs.work(1);
    const sent = Date.now();
    await jobs.send('later', {}, { startAfter: 2 });
    await until(() => ran.length === 1, 20_000);
    expect(ran[0]! - sent).toBeGreaterThanOrEqual(1900);
  });

  it('runs a recurring job again and again', async () => {
    let ticks = 0;
    await jobs.define('tick', { handler: async () => void ticks++ });
    await jobs.work(1);
    await jobs.schedule('tick', 'FREQ=SECONDLY;INTERVAL=1');
    await until(() => ticks >= 2, 30_000);
    expect(ticks).toBeGreaterThanOrEqual(2);
  });

  it('queues one job per key while it waits or runs, and a new one once it has run', async () => {
    const ran: string[] = [];
    await jobs.define('once', { oncePerKey: true, handler: async (data) => void ran.push(String(data.n)) });
    // The first waits a second to start, so the two sent at once after it find it waiting.
    const first = await jobs.send('once', { n: 1 }, { singletonKey: 'k', startAfter: 1 });
    const again = await Promise.all([2, 3].map((n) => jobs.send('once', { n }, { singletonKey: 'k' })));
    const other = await jobs.send('once', { n: 4 }, { singletonKey: 'other' });
    expect(first).toEqual(expect.any(String));
    expect(again).toEqual([null, null]);
    expect(other).toEqual(expect.any(String));
    await jobs.work(1);
    await until(() => ran.length === 2, 20_000);
    expect(ran.sort()).toEqual(['1', '4']);
    // The handler has returned; the job counts as run once the library has marked it completed.
    await until(async () => !(await jobs.pending('once', { n: 1 })), 20_000);
    expect(await jobs.send('once', { n: 5 }, { singletonKey: 'k' })).toEqual(expect.any(String));
    await until(() => ran.length === 3, 20_000);
    expect(ran).toContain('5');
  });

  it('queues no second job of a key while the first runs', async () => {
    let release = () => {};
    const started: string[] = [];
    await jobs.define('once-running', {
      oncePerKey: true,
      handler: (data) => new Promise<void>((done) => ((release = done), started.push(String(data.n)))),
    });
    await jobs.work(1);
    await jobs.send('once-running', { n: 1 }, { singletonKey: 'k' });
    await until(() => started.length === 1, 20_000);
    expect(await jobs.send('once-running', { n: 2 }, { singletonKey: 'k' })).toBeNull();
    release();
  });

  it('refuses a key on a queue not defined once per key, and a keyless send on one that is', async () => {
    await jobs.define('plain', {});
    await expect(jobs.send('plain', {}, { singletonKey: 'k' })).rejects.toThrow(/not defined oncePerKey/);
    await jobs.define('keyed', { oncePerKey: true });
    await expect(jobs.send('keyed', {})).rejects.toThrow(/every send names its singletonKey/);
  });

  it('makes a queue defined before it was once per key again, keeping its waiting jobs', async () => {
    await jobs.define('grown', {});
    await jobs.send('grown', { n: 1 }, { startAfter: 3600 });
    await jobs.define('grown', { oncePerKey: true });
    expect(await jobs.pending('grown', { n: 1 })).toBe(true);
    expect(await jobs.send('grown', { n: 2 }, { singletonKey: 'k' })).toEqual(expect.any(String));
    expect(await jobs.send('grown', { n: 3 }, { singletonKey: 'k' })).toBeNull();
  });
});

describe('a job whose process is killed while it runs', () => {
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-jobs-kill-'));
  afterAll(() => fs.rmSync(pgliteDir, { recursive: true, force: true }));

  it('is picked up again by another worker and finished exactly once', async () => {
    // On PostgreSQL both processes share the server; on PGlite the folder is opened by one at a time.
    const shared = process.env.GLINT_TEST_DB === 'postgres' ? await createTestDatabase() : undefined;
    const target = (shared as { url?: string } | undefined)?.url ?? pgliteDir;
    if (!shared) {
      const setup = await openDatabase({ pgliteDir });
      await setup.close();
    }
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../test-support/job-child.ts'), target], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += String(d)));
    await until(() => out.includes('started 1'), 60_000);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const killedAt = Date.now();

    const database = shared ?? (await openDatabase({ pgliteDir }));
    const jobs = await startJobs(database, log, { pollSeconds: 0.5, superviseSeconds: 1 });
    const finished: Array<{ n: unknown; retryCount: number }> = [];
    try {
      await jobs.define('kill-test', { heartbeatSeconds: 10, handler: async (data, { retryCount }) => void finished.push({ n: data.n, retryCount }) });
      await jobs.work(1);
      await until(() => finished.length > 0, 60_000);
      await new Promise((r) => setTimeout(r, 2000));
      console.log(`jobs: a killed job ran again ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill (heartbeat 10 s)`);
      expect(finished).toEqual([{ n: 1, retryCount: 1 }]);
      expect(out.match(/started/g)).toHaveLength(1);
    } finally {
      await jobs.stop();
      await database.close();
    }
  }, 120_000);
});
