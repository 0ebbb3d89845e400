// Creator Studio analytics at scale, on PGlite and on PostgreSQL. Run by `npm run bench -- analytics`.
// The data is made in bulk by SQL (generate_series): 1,000 creators, 10,000 videos, and playbacks
// over the last 30 days reporting every 5 seconds, 10 million reports in all (BENCH_ANALYTICS_REPORTS
// to change it), with a counted view for each playback, its source, and follows coming and going.
// The roll-up job runs once over all of it (timed); then every chart's query of the busiest
// creator (a thousand videos) is timed, each period. Last, the heartbeat route against a bare
// Fastify route, each hammered by autocannon from its own process: the share of the bare route's
// rate it keeps, per core (from the CPU each request costs).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { ANALYTICS_PERIODS, PLAYBACK_REPORT_SECONDS } from '../src/shared/analytics/analytics.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/platform/config.js';
import { openDatabase, type Database } from '../src/server/platform/db/client.js';
import { getOverview, getRetention, rollUp } from '../src/server/features/analytics/service.js';
import { playbackReports } from '../src/server/features/analytics/schema.js';
import { throwAwayPostgres } from './api.js';

const CREATORS = 1_000;
const VIDEOS = 10_000;
const REPORTS = Number(process.env.BENCH_ANALYTICS_REPORTS ?? 10_000_000);
/** Reports per playback: 100 s watched on average. */
const PER_PLAYBACK = 20;
const SAMPLES = 30;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

export interface AnalyticsBenchResult {
  engine: 'PGlite' | 'PostgreSQL';
  setupMs: number;
  rollupMs: number;
  queries: { name: string; p50: number; p95: number }[];
  /** The same reports as messages on realtime sockets (signed-in players send them there). */
  socketReports: { messagesPerSecond: number; cpuMicrosPerMessage: number; sent: number };
  heartbeat: {
    requestsPerSecond: number;
    bareRequestsPerSecond: number;
    cpuMicrosPerRequest: number;
    bareCpuMicrosPerRequest: number;
    p50: number;
    p99: number;
    errors: number;
  };
}

const videoId = (n: string) => sql.raw(`('00000000-0000-4000-8000-' || lpad((${n})::text, 12, '0'))::uuid`);

/** The bench's data, made in the database itself. The busiest creator, `c1`, owns videos 1 to 1000. */
async function seed(database: Database): Promise<void> {
  const { db } = database;
  const playbacks = Math.ceil(REPORTS / PER_PLAYBACK);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`insert into auth_user (id, name, email, email_verified, username, created_at)
    select 'c' || g, 'creator' || g, 'creator' || g || '@example.com', true, 'creator' || g, now() - interval '400 days' from generate_series(1, ${CREATORS}) g`);
  await db.execute(
    sql`insert into profiles (id, username, display_name) select 'c' || g, 'creator' || g, 'Creator ' || g from generate_series(1, ${CREATORS}) g`,
  );
  // Videos 1-1000 are c1's; the rest spread over the others.
  await db.execute(sql`insert into videos (id, owner_id, kind, title, slug, category, status, duration_seconds, views)
    select ${videoId('g')}, case when g <= 1000 then 'c1' else 'c' || (2 + g % ${CREATORS - 1}) end, 'long', 'Bench video ' || g, 'bench-video', 'trading', 'ready',
      60 + (g % 20) * 60, 0
    from generate_series(1, ${VIDEOS}) g`);
  // Playbacks: a skewed video (a third of them c1's), a start in the last 30 days, one report every 5 s.
  await db.execute(sql`create temp table bench_playbacks as
    select p, ${videoId(`case when p % 3 = 0 then 1 + floor(1000 * power(random(), 2)) else 1 + floor(${VIDEOS} * power(random(), 3)) end`)} as video_id,
      'a:' || (p % ${Math.max(1, Math.floor(playbacks / 3))}) as viewer_key,
      now() - random() * interval '30 days' as started,
      (1 + floor(random() * ${PER_PLAYBACK * 2 - 1}))::int as reports
    from generate_series(1, ${playbacks}) p`);
  await db.execute(sql`insert into analytics_playback_reports (video_id, viewer_key, playback_id, position_seconds, reported_at)
    select video_id, viewer_key, 'pb' || p, k * ${PLAYBACK_REPORT_SECONDS}, started + make_interval(secs => k * ${PLAYBACK_REPORT_SECONDS})
    from bench_playbacks cross join lateral generate_series(0, reports - 1) k`);
  await db.execute(sql`insert into video_views (video_id, viewer_key, window_start, viewed_at, source)
    select video_id, viewer_key, to_timestamp(floor(extract(epoch from started) / 21600) * 21600), started,
      (array['home','search','shorts','profile','notification','external','embed','other'])[1 + (p % 8)]
    from bench_playbacks on conflict do nothing`);
  await db.execute(
    sql`update videos v set views = c.n from (select video_id, count(*)::int as n from video_views group by video_id) c where c.video_id = v.id`,
  );
  await db.execute(sql`insert into follow_changes (followee_id, change, at)
    select 'c' || (1 + floor(${CREATORS} * power(random(), 3))::int), case when random() < 0.8 then 1 else -1 end, now() - random() * interval '90 days'
    from generate_series(1, 100000) g`);
  await db.execute(sql`drop table bench_playbacks`);
  await db.execute(sql`analyze`);
}

function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}

async function timeQuery(name: string, fn: () => Promise<unknown>) {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return { name, p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

/** What one route costs this process while a separate autocannon process hammers it for SECONDS at 10 connections. */
async function hammer(
  url: string,
  extra: string[] = [],
): Promise<{ requestsPerSecond: number; cpuMicrosPerRequest: number; p50: number; p99: number; errors: number }> {
  const run = (seconds: number) =>
    new Promise<string>((resolve, reject) => {
      // Its own process: in this one, the client's work would be counted as the server's and
      // would take the server's turns on the event loop.
      const child = spawn(path.resolve('node_modules/.bin/autocannon'), ['-j', '-c', '10', '-d', String(seconds), ...extra, url], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(out));
    });
  await run(1);
  const cpu0 = process.cpuUsage();
  const r = JSON.parse(await run(SECONDS)) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  const cpu = process.cpuUsage(cpu0);
  return {
    requestsPerSecond: r.requests.average,
    cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, r.requests.total),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

/**
 * A client of its own process: 10 guest sockets (as autocannon's 10 connections), each sending
 * the report as fast as its socket drains for `seconds`; prints how many it sent.
 */
const SOCKET_CLIENT = `
const WebSocket = require('ws');
const [url, origin, seconds, body] = process.argv.slice(1);
const message = JSON.stringify({ type: 'playback', ...JSON.parse(body) });
const end = Date.now() + Number(seconds) * 1000;
let sent = 0, open = 10;
for (let i = 0; i < 10; i++) {
  const ws = new WebSocket(url, { headers: { origin } });
  const pump = () => {
    if (Date.now() >= end) return ws.close();
    for (let k = 0; k < 50 && ws.bufferedAmount < 65536; k++) { ws.send(message); sent++; }
    setImmediate(pump);
  };
  ws.on('message', (d) => { if (String(d).includes('"hello"')) pump(); });
  ws.on('close', () => { if (--open === 0) { console.log(sent); process.exit(0); } });
  ws.on('error', () => {});
}
`;

/**
 * The report as a message on realtime sockets: what this process spends per message, every
 * thread counted, until every message sent has been kept and written.
 */
async function socketRate(
  app: Awaited<ReturnType<typeof buildApp>>,
  url: string,
  origin: string,
  body: string,
): Promise<AnalyticsBenchResult['socketReports']> {
  const run = (seconds: number) =>
    new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', SOCKET_CLIENT, url, origin, String(seconds), body], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(Number(out.trim())));
    });
  // The newest report's id (identity, one by one): counting 10 million rows would cost more than the messages.
  const kept = async () => Number((await app.db.select({ id: sql<number>`coalesce(max(${playbackReports.id}), 0)` }).from(playbackReports))[0]!.id);
  await run(1);
  await app.playbackReports.flush();
  const before = await kept();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const sent = await run(SECONDS);
  // Every message read, kept and written: the work they caused, all of it.
  for (let i = 0; i < 200 && (await kept()) < before + sent; i++) {
    await app.playbackReports.flush();
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const got = (await kept()) - before;
  return { messagesPerSecond: got / seconds, cpuMicrosPerMessage: (cpu.user + cpu.system) / Math.max(1, got), sent };
}

/**
 * The heartbeat next to the bare route (a Fastify GET answering `{ok:true}`), each hammered alone
 * from another process. Requests per second move with whatever else the machine runs; the CPU this
 * process spends per request (every thread: the server's, the embedded database's, the collector's)
 * does not, so the share of the bare route is taken from it: the rate one core holds.
 */
async function heartbeatRate(
  database: Database,
  dataDir: string,
): Promise<{ heartbeat: AnalyticsBenchResult['heartbeat']; socketReports: AnalyticsBenchResult['socketReports'] }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED: 'none',
    MEDIA_WORKERS: '0',
    RTMP_PORT: '-1',
    // The socket part sends as fast as it can; a browser's socket is held to 20 messages in 10 s.
    REALTIME_MESSAGES_PER_WINDOW: '100000000',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/`;
    const body = JSON.stringify({ videoId: '00000000-0000-4000-8000-000000000007', playbackId: 'bench-heartbeat-1', positionSeconds: 12.5 });
    const b = await hammer(bareUrl);
    const r = await hammer(`${base}/api/analytics/playback`, [
      '-m',
      'POST',
      '-b',
      body,
      '-H',
      'content-type=application/json',
      '-H',
      `origin=${config.publicUrl}`,
    ]);
    const socketReports = await socketRate(app, `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/realtime`, config.publicUrl, body);
    return {
      heartbeat: {
        requestsPerSecond: r.requestsPerSecond,
        bareRequestsPerSecond: b.requestsPerSecond,
        cpuMicrosPerRequest: r.cpuMicrosPerRequest,
        bareCpuMicrosPerRequest: b.cpuMicrosPerRequest,
        p50: r.p50,
        p99: r.p99,
        errors: r.errors,
      },
      socketReports,
    };
  } finally {
    await bare.close();
    await app.close();
  }
}

async function measure(engine: AnalyticsBenchResult['engine'], databaseUrl: string | undefined): Promise<AnalyticsBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-bench-analytics-'));
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    const t0 = performance.now();
    await seed(database);
    const setupMs = performance.now() - t0;
    const t1 = performance.now();
    await rollUp(database.db);
    const rollupMs = performance.now() - t1;
    await database.db.execute(sql`analyze`);
    const queries = [];
    const busiest = 'c1';
    for (const period of ANALYTICS_PERIODS) {
      queries.push(await timeQuery(`overview ${period} (every chart of the screen)`, () => getOverview(database.db, busiest, period)));
      queries.push(await timeQuery(`retention ${period}`, () => getRetention(database.db, busiest, '00000000-0000-4000-8000-000000000001', period)));
    }
    const { heartbeat, socketReports } = await heartbeatRate(database, dataDir);
    return { engine, setupMs, rollupMs, queries, heartbeat, socketReports };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `BENCH_ANALYTICS_ENGINES=postgres` (or `pglite`) measures one engine only; both by default. */
const ENGINES = (process.env.BENCH_ANALYTICS_ENGINES ?? 'pglite,postgres').toLowerCase().split(',');

export async function analyticsBenchmarks(): Promise<AnalyticsBenchResult[]> {
  const out = ENGINES.includes('pglite') ? [await measure('PGlite', undefined)] : [];
  if (!ENGINES.includes('postgres')) return out;
  const pgDb = await throwAwayPostgres();
  if (!pgDb) return out;
  try {
    out.push(await measure('PostgreSQL', pgDb.url));
  } finally {
    await pgDb.drop();
  }
  return out;
}

export function printAnalytics(results: AnalyticsBenchResult[]): void {
  for (const r of results) {
    console.log(
      `\nStudio analytics on ${r.engine}: ${CREATORS} creators, ${VIDEOS} videos, ${REPORTS.toLocaleString('en')} playback reports ` +
        `(made in ${(r.setupMs / 1000).toFixed(0)} s; the first roll-up of all 30 days took ${(r.rollupMs / 1000).toFixed(1)} s)`,
    );
    console.log('query of the busiest creator (1,000 videos) | p50 ms | p95 ms\n--- | ---: | ---:');
    for (const q of r.queries) console.log(`${q.name} | ${q.p50.toFixed(1)} | ${q.p95.toFixed(1)}`);
    const h = r.heartbeat;
    console.log(
      `POST /api/analytics/playback | ${h.requestsPerSecond.toFixed(0)} req/s (bare ${h.bareRequestsPerSecond.toFixed(0)}) | ` +
        `${h.cpuMicrosPerRequest.toFixed(0)} µs CPU a request (bare ${h.bareCpuMicrosPerRequest.toFixed(0)}) | ` +
        `${((h.bareCpuMicrosPerRequest / h.cpuMicrosPerRequest) * 100).toFixed(1)}% of the bare route's rate per core | p50 ${h.p50} ms | p99 ${h.p99} ms | ${h.errors} errors`,
    );
    const m = r.socketReports;
    console.log(
      `the same report on the realtime socket | ${m.messagesPerSecond.toFixed(0)} messages/s kept | ${m.cpuMicrosPerMessage.toFixed(0)} µs CPU a message | ` +
        `${((h.bareCpuMicrosPerRequest / m.cpuMicrosPerMessage) * 100).toFixed(1)}% of the bare route's rate per core | ${m.sent} sent`,
    );
  }
}
