// `npm run bench`: speed figures of Glint, printed as a table. Targets live here, never in tests.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app.js';
import { createLeakedPasswordChecker } from '../src/server/features/auth/leaked-passwords.js';
import { loadConfig } from '../src/server/platform/config.js';
import { openDatabase } from '../src/server/platform/db/client.js';
import { seedDemo } from '../src/server/seed/seed.js';
import { verifyWalletSignature } from '../src/server/features/wallet/signature.js';
import { TestWallet } from '../src/server/test-support/wallet.js';
import { leaderboardBenchmarks } from './leaderboards.js';
import { lighthouseBenchmark } from './lighthouse.js';
import { liveBenchmarks } from './live.js';
import { mediaBenchmarks } from './media.js';
import { realtimeBenchmark, socketMemoryBenchmark } from './realtime.js';
import { chatPercentile, chatScaleBenchmark } from './chat-scale.js';
import { coldStartBenchmark } from './coldstart.js';
import { soakBenchmark } from './soak.js';
import { apiBenchmarks, printApi } from './api.js';
import { analyticsBenchmarks, printAnalytics } from './analytics.js';

interface Row {
  name: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

function summarise(name: string, samples: number[], wallMs: number): Row {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { name, n: s.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), perSecond: (s.length / wallMs) * 1000 };
}

async function timeIt(name: string, n: number, concurrency: number, fn: () => Promise<unknown> | unknown): Promise<Row> {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < n) {
        const t0 = performance.now();
        await fn();
        samples.push(performance.now() - t0);
      }
    }),
  );
  return summarise(name, samples, performance.now() - started);
}

// `npm run bench -- api realtime`: only those pieces; without names, all of them.
const PIECES = ['api', 'analytics', 'micro', 'media', 'realtime', 'chat', 'live', 'coldstart', 'soak', 'lighthouse'] as const;
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const a of asked) if (!(PIECES as readonly string[]).includes(a)) throw new Error(`unknown bench piece ${a}; pieces: ${PIECES.join(', ')}`);
const wants = (piece: (typeof PIECES)[number]) => asked.length === 0 || asked.includes(piece);

console.log(`\nGlint benchmarks (${os.cpus().length} cores, Node ${process.version})`);
if (wants('api')) printApi(await apiBenchmarks());
if (wants('analytics')) printAnalytics(await analyticsBenchmarks());

if (wants('micro')) await micro();

async function micro() {
  const rows: Row[] = [];
  // First, before the app loads it: how long the bundled breached-password list takes to load.
  const t0 = performance.now();
  const leaked = createLeakedPasswordChecker();
  const bundled = leaked.bundledCount; // loads the list
  const loadMs = performance.now() - t0;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-bench-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  await seedDemo(database.db);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', CLIENT_DIR: path.resolve('dist/client') });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  for (const [name, url] of [
    ['GET /api/health', '/api/health'],
    ['GET /api/home', '/api/home'],
    ['GET /api/home?category=defi', '/api/home?category=defi'],
    ['GET /api/search?q=sol', '/api/search?q=sol'],
    ['GET /app (SPA page)', '/app'],
  ] as const) {
    for (let i = 0; i < 20; i++) await (await fetch(base + url)).arrayBuffer(); // warm up
    rows.push(await timeIt(name, 500, 8, async () => (await fetch(base + url)).arrayBuffer()));
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  rows.push(
    await timeIt(`leaked-password lookup (list of ${bundled}, loaded in ${loadMs.toFixed(0)} ms)`, 20000, 1, () => leaked.isLeaked(`Pw-${randomUUID()}`)),
  );

  const w = new TestWallet();
  const msg = `Sign in\n${Date.now()}\n${randomUUID()}`;
  const sig = w.sign(msg);
  rows.push(await timeIt('ed25519 wallet signature verify', 2000, 1, () => verifyWalletSignature(w.address, msg, sig)));

  // One leaderboard statement per board and window, on a database with 100,000 finalized tips.
  for (const r of await leaderboardBenchmarks()) rows.push(summarise(r.name, r.samples, r.wallMs));

  const fmt = (x: number) => (x < 10 ? x.toFixed(3) : x.toFixed(1));
  console.log('\nrequests and functions, one by one (PGlite)\n');
  console.log(['benchmark', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'per second'].join(' | '));
  console.log('--- | ---: | ---: | ---: | ---: | ---:');
  for (const r of rows) console.log([r.name, r.n, fmt(r.p50), fmt(r.p95), fmt(r.p99), r.perSecond.toFixed(0)].join(' | '));
}

if (wants('media')) {
  console.log('\nmedia | result\n--- | ---');
  for (const r of await mediaBenchmarks()) console.log(`${r.name} | ${r.value}`);
}

if (wants('realtime')) {
  const rt = await realtimeBenchmark();
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  console.log(`\nnotification delivery (${rt.sockets} sockets connected, ${rt.samples} notifications) | p50 ms | p99 ms\n--- | ---: | ---:`);
  console.log(`from the action's HTTP reply to the WebSocket message | ${pct(rt.fromReply, 0.5).toFixed(1)} | ${pct(rt.fromReply, 0.99).toFixed(1)}`);
  console.log(`from the action's request to the WebSocket message | ${pct(rt.fromRequest, 0.5).toFixed(1)} | ${pct(rt.fromRequest, 0.99).toFixed(1)}`);
  const mem = await socketMemoryBenchmark();
  console.log(`\nsockets held by one server (built, PGlite, own process) | result\n--- | ---`);
  console.log(`sockets open | ${mem.sockets} (opened in ${(mem.openMs / 1000).toFixed(1)} s; server's open-file limit ${mem.fdLimit})`);
  console.log(`server RSS, signed-in accounts but no sockets | ${mem.rssIdleMb.toFixed(0)} MB`);
  console.log(`server RSS, holding them (target < 1 GB) | ${mem.rssHeldMb.toFixed(0)} MB`);
}

if (wants('chat')) {
  const c = await chatScaleBenchmark();
  if (c) {
    const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'not within 10 s');
    console.log(`\nlive chat, one room of ${c.sockets} sockets over two instances (${c.perInstance.a} + ${c.perInstance.b}, PostgreSQL) | result | target`);
    console.log('--- | ---: | ---:');
    console.log(
      `message to every socket, from the send's HTTP reply (${c.messages} messages, ${c.delivery.length} deliveries), p50 | ${chatPercentile(c.delivery, 0.5).toFixed(0)} ms |`,
    );
    console.log(`the same, p99 | ${chatPercentile(c.delivery, 0.99).toFixed(0)} ms | < 200 ms`);
    console.log(`slow mode set on one instance, every socket of the other told (from the HTTP reply; negative: before it) | ${ms(c.slowModeToAll)} | < 1 s`);
    console.log(`slow mode holds a second message sent on the other instance | ${c.slowModeHeldElsewhere ? 'yes' : 'NO'} | yes`);
    console.log(`a ban's purge on one instance, every socket of the other told (the same) | ${ms(c.purgeToAll)} | < 1 s`);
    console.log(`the banned chatter refused on the other instance right after | ${c.banHeldElsewhere ? 'yes' : 'NO'} | yes`);
    console.log(`the chat's rate (one a second) across instances: A then B at once | ${c.rateHeldElsewhere ? 'second refused' : 'NOT HELD'} | refused`);
  }
}

if (wants('coldstart')) {
  const cs = await coldStartBenchmark();
  console.log('\ncold start (built server, fresh DATA_DIR, PGlite, demo content) | result | target\n--- | ---: | ---:');
  console.log(`spawn to /api/health 200 | ${(cs.healthMs / 1000).toFixed(2)} s | < 3 s`);
  console.log(
    `spawn to the first demo video playable (master playlist and a segment) | ${cs.playableMs === null ? 'not within 180 s' : `${(cs.playableMs / 1000).toFixed(1)} s`} | < 60 s`,
  );
}

if (wants('soak')) {
  const s = await soakBenchmark();
  console.log(`\nsoak: ${s.users} signed-in people for ${s.seconds} s on one server (PGlite) | result\n--- | ---`);
  console.log(`requests | ${s.requests}`);
  console.log(`errors (must be 0) | ${s.errors}${s.errorSamples.length ? ` (${s.errorSamples.join('; ')})` : ''}`);
  console.log(`latency p50 / p99 | ${s.p50.toFixed(1)} ms / ${s.p99.toFixed(1)} ms`);
  console.log(`server RSS at start / middle / end | ${s.rssMb.start.toFixed(0)} / ${s.rssMb.middle.toFixed(0)} / ${s.rssMb.end.toFixed(0)} MB`);
}

if (wants('live')) {
  console.log('\nlive streaming | result\n--- | ---');
  for (const r of await liveBenchmarks()) console.log(`${r.name} | ${r.value}`);
}

if (wants('lighthouse')) {
  // Last, alone on the machine: Lighthouse's performance score depends on the CPU it is given.
  console.log(`\nLighthouse, mobile (targets: performance 95, accessibility 100, best practices 95)\n`);
  console.log(await lighthouseBenchmark());
}
