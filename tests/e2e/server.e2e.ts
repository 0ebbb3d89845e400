import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/test-support/net.js';

// The built server as `npm start` runs it: configuration, side-by-side instances, shutdown.
const entry = path.resolve('dist/server/src/server/main.js');
const dirs: string[] = [];
const children: ChildProcess[] = [];
// A test that fails midway leaves no server running (it would hold its ports for later runs).
afterEach(() => children.splice(0).forEach((c) => c.exitCode === null && c.kill('SIGKILL')));
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-srv-'));
  dirs.push(dataDir);
  const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1', RTMP_PORT: '0' };
  delete base.DATABASE_URL;
  const child = spawn(process.execPath, [entry], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** The server's health once it answers: up to 90 s, since two fresh instances start side by side on a busy two-core machine. */
async function healthy(port: number) {
  for (let i = 0; i < 450; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res.json();
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no health on ${port}`);
}

describe('npm start', () => {
  it('refuses to start in production without a session secret', async () => {
    const s = start({ NODE_ENV: 'production', PORT: String(await freePort()) });
    expect(await s.exited).toBe(78);
    expect(s.output()).toContain('SESSION_SECRET is required in production');
  });

  it('without NODE_ENV, refuses to start on a public address without a secret (no outbox, no development secret)', async () => {
    const s = start({ HOST: '0.0.0.0', PUBLIC_URL: 'https://glint.example', PORT: String(await freePort()) });
    expect(await s.exited).toBe(78);
    expect(s.output()).toContain('SESSION_SECRET is required');
  });

  it('on a public address with a secret, serves no mail outbox', async () => {
    const port = await freePort();
    const s = start({ HOST: '0.0.0.0', PUBLIC_URL: 'https://glint.example', PORT: String(port), SESSION_SECRET: 'p'.repeat(40), SEED: 'none' });
    await healthy(port);
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/outbox.json`)).status).toBe(404);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });

  it('runs two instances side by side, each on its port and data folder, and stops cleanly on SIGTERM', async () => {
    const [p1, p2] = [await freePort(), await freePort()];
    const a = start({ PORT: String(p1), SEED: 'none' });
    const b = start({ PORT: String(p2), SEED: 'demo' });
    expect((await healthy(p1)).database).toMatchObject({ kind: 'pglite', ok: true });
    expect((await healthy(p2)).database).toMatchObject({ kind: 'pglite', ok: true });
    // SEED=none starts empty; the other one shows demo content.
    expect((await (await fetch(`http://127.0.0.1:${p1}/api/home`)).json()).upcoming).toEqual([]);
    expect((await (await fetch(`http://127.0.0.1:${p2}/api/home`)).json()).upcoming.length).toBeGreaterThan(0);
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  });

  it.runIf(!!process.env.DATABASE_URL)('runs on PostgreSQL when DATABASE_URL is set', async () => {
    const name = `glint_e2e_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const port = await freePort();
      const s = start({ PORT: String(port), DATABASE_URL: url.toString() });
      expect((await healthy(port)).database).toMatchObject({ kind: 'postgres', ok: true });
      expect((await (await fetch(`http://127.0.0.1:${port}/api/home`)).json()).upcoming.length).toBeGreaterThan(0);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
