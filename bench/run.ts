// `npm run bench`: speed figures of Glint, printed as a table. Targets live here, never in tests.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app.js';
import { createLeakedPasswordChecker } from '../src/server/auth/leaked-passwords.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { seedDemo } from '../src/server/db/seed.js';
import { verifyWalletSignature } from '../src/server/wallet/signature.js';
import { TestWallet } from '../src/server/test-support/wallet.js';
import { leaderboardBenchmarks } from './leaderboards.js';
import { liveBenchmarks } from './live.js';
import { mediaBenchmarks } from './media.js';
import { realtimeBenchmark } from './realtime.js';

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
console.log(`\nGlint benchmarks (${os.cpus().length} cores, Node ${process.version}, PGlite)\n`);
console.log(['benchmark', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'per second'].join(' | '));
console.log('--- | ---: | ---: | ---: | ---: | ---:');
for (const r of rows) console.log([r.name, r.n, fmt(r.p50), fmt(r.p95), fmt(r.p99), r.perSecond.toFixed(0)].join(' | '));

console.log('\nmedia | result\n--- | ---');
for (const r of await mediaBenchmarks()) console.log(`${r.name} | ${r.value}`);

const rt = await realtimeBenchmark();
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
console.log(`\nnotification delivery (${rt.sockets} sockets connected, ${rt.samples} notifications) | p50 ms | p99 ms\n--- | ---: | ---:`);
console.log(`from the action's HTTP reply to the WebSocket message | ${pct(rt.fromReply, 0.5).toFixed(1)} | ${pct(rt.fromReply, 0.99).toFixed(1)}`);
console.log(`from the action's request to the WebSocket message | ${pct(rt.fromRequest, 0.5).toFixed(1)} | ${pct(rt.fromRequest, 0.99).toFixed(1)}`);

console.log('\nlive streaming | result\n--- | ---');
for (const r of await liveBenchmarks()) console.log(`${r.name} | ${r.value}`);
