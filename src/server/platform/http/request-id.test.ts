import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { createTestDatabase, waitUntil } from '../../test-support/app.js';
import { loggerOptions, prettyLogs } from './log.js';
import type { FastifyInstance } from 'fastify';

describe('request ids', () => {
  let app: FastifyInstance;
  let database: Database;
  let out = '';
  const lines = () =>
    out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    const sink = new Writable({ write: (chunk, _enc, done) => ((out += String(chunk)), done()) });
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', SEED: 'none', DATA_DIR: `/tmp/glint-reqid-${process.pid}`, RTMP_PORT: '-1', MEDIA_WORKERS: '1' });
    app = await buildApp({ config, database, logger: pino(loggerOptions('info', false), sink) });
    await app.jobs.define('request-id-probe', { handler: async (data) => app.log.info({ probe: data }, 'probe job ran') });
    // A request that sends a job after its body was parsed, as a real upload or comment does.
    app.post('/api/request-id-probe', async (req) => {
      await app.jobs.send('request-id-probe', req.body as Record<string, unknown>);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers with the id a proxy gave, and logs the request under it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'edge-7f3a.1' } });
    expect(res.headers['x-request-id']).toBe('edge-7f3a.1');
    expect(lines().some((l) => l.reqId === 'edge-7f3a.1' && l.msg === 'request completed')).toBe(true);
  });

  it('replaces a forged id that could break a log line, and makes one when none is given', async () => {
    const forged = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x\u001b[31m" injected=1' } });
    const forgedId = forged.headers['x-request-id'];
    expect(forgedId).toMatch(/^[0-9a-f-]{36}$/);
    expect(out).not.toContain('injected=1');
    const long = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a'.repeat(200) } });
    expect(long.headers['x-request-id']).not.toBe('a'.repeat(200));
    const none = await app.inject({ method: 'GET', url: '/api/health' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(forgedId);
  });

  it('carries the id into the jobs a request sends, whose log lines name it', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/request-id-probe', headers: { 'x-request-id': 'upload-42' }, payload: { n: 1 } });
    expect(res.statusCode).toBe(200);
    const ran = await waitUntil('the probe job', async () => lines().find((l) => l.msg === 'probe job ran'), Boolean);
    expect(ran).toMatchObject({ reqId: 'upload-42', probe: { n: 1 } });
  });
});

describe('log format', () => {
  it('is readable lines at a terminal, JSON in production or when piped', () => {
    expect(prettyLogs({ NODE_ENV: 'development' }, { isTTY: true })).toBe(true);
    expect(prettyLogs({ NODE_ENV: 'production' }, { isTTY: true })).toBe(false);
    expect(prettyLogs({ NODE_ENV: 'development' }, { isTTY: false })).toBe(false);
  });
});
