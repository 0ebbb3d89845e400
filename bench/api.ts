// Hot reads next to a bare Fastify route, with autocannon at 10 connections, on PGlite and on
// PostgreSQL: the share of the bare route's requests per second each endpoint keeps, and its
// latency. A guest's requests, as a first visit makes them; the same reads signed in (with follows,
// a like and notifications behind them); and a guest's home while signed-in people keep writing.
// Run by `npm run bench` (or `-- api`).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/platform/config.js';
import { openDatabase, type Database } from '../src/server/platform/db/client.js';
import { seedDemo } from '../src/server/seed/seed.js';
import { videoComments, videos } from '../src/server/features/videos/schema.js';

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Only the rows whose name matches this (`BENCH_API_ROWS='signed in'`); every row without it. */
const ONLY = process.env.BENCH_API_ROWS ? new RegExp(process.env.BENCH_API_ROWS) : undefined;

export interface ApiRow {
  name: string;
  /** The bare route's, measured just before: the machine is shared, so each pair is compared alone. */
  bareRequestsPerSecond: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** The event loop's delay while the endpoint was hammered (p99 and max, ms): the load generator shares the loop too. */
  loopP99: number;
  loopMax: number;
}

export interface ApiResult {
  engine: 'PGlite' | 'PostgreSQL';
  rows: ApiRow[];
}

/** Ten connections for SECONDS against one address; non-2xx answers count as errors. */
async function hammer(url: string, headers: Record<string, string> = {}) {
  // Warm-up: JIT, prepared plans, caches as a visitor would find them.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  loop.disable();
  return { result, loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6 };
}

/** The endpoint right after the bare route, so both see the same machine. */
async function pair(name: string, bareUrl: string, url: string, headers: Record<string, string> = {}, during?: () => Promise<unknown>): Promise<ApiRow> {
  const bare = await hammer(bareUrl);
  const [{ result: r, loopP99, loopMax }] = await Promise.all([hammer(url, headers), during?.()]);
  return {
    name,
    bareRequestsPerSecond: bare.result.requests.average,
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    loopP99,
    loopMax,
  };
}

/** A new account signed in over HTTP: its session cookie and id. */
async function signUp(base: string, origin: string, username: string): Promise<{ cookie: string; id: string }> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: `${username}@example.com`, username, name: '', password: 'Str0ng!Passw0rd-bench' }),
  });
  if (!res.ok) throw new Error(`sign-up of ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  const me = await fetch(`${base}/api/me`, { headers: { cookie } });
  return { cookie, id: ((await me.json()) as { user: { id: string } }).user.id };
}

/** One signed-in request that must succeed (the bench's setup). */
async function act(base: string, origin: string, cookie: string, method: string, url: string) {
  const res = await fetch(base + url, { method, headers: { cookie, origin } });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
}

/**
 * People writing while the reads are measured: `writers` accounts each liking and unliking a video
 * in turn, `perSecond` writes a second in all (each one drops the guests' read cache).
 */
async function writeFor(base: string, origin: string, writers: { cookie: string }[], videoId: string, perSecond: number, ms: number) {
  const until = Date.now() + ms;
  let n = 0;
  await Promise.all(
    writers.map(async ({ cookie }, i) => {
      let liked = false;
      const gap = (1000 * writers.length) / perSecond;
      await new Promise((r) => setTimeout(r, (gap * i) / writers.length));
      while (Date.now() < until) {
        const started = Date.now();
        await act(base, origin, cookie, liked ? 'DELETE' : 'PUT', `/api/videos/${videoId}/like`);
        liked = !liked;
        n++;
        await new Promise((r) => setTimeout(r, Math.max(0, gap - (Date.now() - started))));
      }
    }),
  );
  return n;
}

/** A throw-away PostgreSQL database; `drop` removes it (forcefully, in case a pool lingers). */
export async function throwAwayPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `glint_bench_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The demo content without its media work: `seedDemo`'s creators, streams and bounties, and the
 * demo videos as rows that are already ready (the reads here never open their media), each with
 * a few comments.
 */
export async function seedForReads(database: Database): Promise<{ videoId: string; category: string }> {
  await seedDemo(database.db);
  const owners = ['demo-solwhale', 'demo-builderbo', 'demo-defidan', 'demo-memequeen', 'demo-nftnina'];
  const categories = ['market-analysis', 'blockchain-development', 'defi', 'meme-coins', 'art-design'];
  const rows = await database.db
    .insert(videos)
    .values(
      Array.from({ length: 24 }, (_, i) => ({
        ownerId: owners[i % owners.length]!,
        kind: i % 3 === 2 ? ('short' as const) : ('long' as const),
        title: `Demo video ${i}: solana charts and pools`,
        slug: `demo-video-${i}`,
        description: 'Demo content for the API benchmark.',
        category: categories[i % categories.length]!,
        tags: ['demo'],
        status: 'ready' as const,
        hlsKey: `videos/bench-${i}/master.m3u8`,
        durationSeconds: 10,
        width: 1280,
        height: 720,
        views: i * 7,
        likes: i,
        publishedAt: new Date(Date.now() - i * 3600_000),
      })),
    )
    .returning({ id: videos.id, ownerId: videos.ownerId, category: videos.category });
  await database.db.insert(videoComments).values(rows.flatMap((v) => owners.map((o, k) => ({ videoId: v.id, userId: o, body: `Comment ${k}` }))));
  return { videoId: rows[0]!.id, category: rows[0]!.category };
}

async function measureGlint(engine: ApiResult['engine'], databaseUrl: string | undefined, bareUrl: string): Promise<ApiResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-bench-api-'));
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    const { videoId, category } = await seedForReads(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED: 'none',
      // The default outside tests (which write to the database directly and so turn it off).
      READ_CACHE_SECONDS: '5',
      MEDIA_WORKERS: '0',
      RTMP_PORT: '-1',
      CLIENT_DIR: path.resolve('dist/client'),
    });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const rows: ApiRow[] = [];
      // What the screens ask for: home; a watch page (/glint/:id) asks for the video, the related
      // row beside it and the comments; the search page asks /api/search?q=; and the page itself.
      for (const [name, url] of [
        ['GET /api/home', '/api/home'],
        ['GET /api/videos/:id (watch page)', `/api/videos/${videoId}`],
        ['GET /api/videos?kind=long&category&exclude (watch page)', `/api/videos?kind=long&category=${category}&exclude=${videoId}&limit=12`],
        ['GET /api/videos/:id/comments (watch page)', `/api/videos/${videoId}/comments`],
        ['GET /api/search?q=sol', '/api/search?q=sol'],
        ['GET /app (SPA HTML)', '/app'],
      ] as const)
        if (!ONLY || ONLY.test(name)) rows.push(await pair(name, bareUrl, base + url));

      // Signed in: someone who follows two creators, liked the video, and has notifications.
      const origin = config.publicUrl;
      const stamp = Date.now().toString(36).slice(-5);
      const me = await signUp(base, origin, `bench_me_${stamp}`);
      for (const creator of ['solwhale', 'defidan']) await act(base, origin, me.cookie, 'PUT', `/api/profiles/${creator}/follow`);
      await act(base, origin, me.cookie, 'PUT', `/api/videos/${videoId}/like`);
      const writers: { cookie: string }[] = [];
      for (let i = 0; i < 4; i++) writers.push(await signUp(base, origin, `bench_w${i}_${stamp}`));
      for (const w of writers) await act(base, origin, w.cookie, 'PUT', `/api/profiles/bench_me_${stamp}/follow`);
      const signedIn = { cookie: me.cookie };
      for (const [name, url] of [
        ['GET /api/home, signed in', '/api/home'],
        ['GET /api/videos/:id (watch page), signed in', `/api/videos/${videoId}`],
        ['GET /api/videos/:id/comments (watch page), signed in', `/api/videos/${videoId}/comments`],
        ['GET /api/search?q=sol, signed in', '/api/search?q=sol'],
        ['GET /api/notifications, signed in', '/api/notifications'],
      ] as const)
        if (!ONLY || ONLY.test(name)) rows.push(await pair(name, bareUrl, base + url, signedIn));

      // A guest's home while four signed-in people like and unlike, 20 writes a second in all.
      if (ONLY && !ONLY.test('GET /api/home, guest, while people write')) return { engine, rows };
      let writes = 0;
      const during = async () => (writes = await writeFor(base, origin, writers, videoId, 20, (SECONDS + 1) * 1000));
      const row = await pair('GET /api/home, guest, while people write', bareUrl, base + '/api/home', {}, during);
      rows.push({ ...row, name: `${row.name} (${writes} likes and unlikes, ${(writes / (SECONDS + 1)).toFixed(0)}/s)` });
      return { engine, rows };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bare route: the same Fastify, in this process, answering `{ ok: true }`. */
async function startBare() {
  const bare = Fastify();
  bare.get('/', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/`, close: () => bare.close() };
}

export async function apiBenchmarks(): Promise<ApiResult[]> {
  const out: ApiResult[] = [];
  const bare = await startBare();
  try {
    out.push(await measureGlint('PGlite', undefined, bare.url));
    const pgDb = await throwAwayPostgres();
    if (!pgDb) {
      console.log(`(PostgreSQL at ${PG_ADMIN_URL} not reachable: its pass skipped)`);
      return out;
    }
    try {
      out.push(await measureGlint('PostgreSQL', pgDb.url, bare.url));
    } finally {
      await pgDb.drop();
    }
  } finally {
    await bare.close();
  }
  return out;
}

export function printApi(results: ApiResult[]): void {
  for (const { engine, rows } of results) {
    console.log(
      `\nAPI at ${CONNECTIONS} connections, ${SECONDS} s each, on ${engine} (a guest unless said) | req/s | bare Fastify req/s just before | % of bare | p50 ms | p99 ms | errors | event-loop delay p99 / max ms`,
    );
    console.log('--- | ---: | ---: | ---: | ---: | ---: | ---: | ---:');
    for (const r of rows)
      console.log(
        `${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${r.bareRequestsPerSecond.toFixed(0)} | ${((r.requestsPerSecond / r.bareRequestsPerSecond) * 100).toFixed(1)}% | ${r.p50} | ${r.p99} | ${r.errors} | ${r.loopP99.toFixed(1)} / ${r.loopMax.toFixed(1)}`,
      );
  }
}
