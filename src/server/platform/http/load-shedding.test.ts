import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitUntil, type TestApp } from '../../test-support/app.js';
import { loadConfig } from '../config.js';
import { OVERLOADED } from './load-shedding.js';

/** Holds the event loop as a slow synchronous handler or a long GC would. */
const blockLoop = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('load shedding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SHED_EVENT_LOOP_DELAY_MS: '1' });
    const dir = path.join(t.config.dataDir, 'media', 'shed-probe');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n');
  });
  afterAll(() => t.close());

  it('refuses API requests with 503 and Retry-After while the loop lags; health, ready and media still answer', async () => {
    // The lag is sampled twice a second: block until a sample sees it, then ask while it holds.
    for (let i = 0; i < 40; i++) {
      blockLoop(250);
      await new Promise((r) => setTimeout(r, 20));
      if (!t.app.isUnderPressure()) continue;
      const api = await t.app.inject({ method: 'GET', url: '/api/videos' });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      const media = await t.app.inject({ method: 'GET', url: '/media/shed-probe/master.m3u8' });
      if (!t.app.isUnderPressure()) continue; // a sample without lag fell between: try again
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBe('10');
      expect(api.json()).toEqual(OVERLOADED);
      expect(health.statusCode).toBe(200);
      expect(ready.statusCode).toBe(200);
      expect(media.statusCode).toBe(200);
      expect(media.body).toBe('#EXTM3U\n');
      return;
    }
    throw new Error('the blocked loop was never seen as pressure');
  }, 60_000);

  it('answers API requests again once the loop is idle', async () => {
    // 1 ms is a tight limit on a shared machine: wait for a sample that sees an idle loop.
    await waitUntil(
      'an idle loop',
      async () => t.app.isUnderPressure(),
      (p) => !p,
    );
    const api = await t.app.inject({ method: 'GET', url: '/api/videos' });
    expect(api.statusCode).toBe(200);
  });
});

describe('load shedding limits', () => {
  it('are on by default in production, off with 0, and off in tests', () => {
    const prod = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://glint.example', SEED: 'none' }).loadShedding;
    expect(prod.maxEventLoopDelayMs).toBe(1000);
    expect(prod.maxHeapBytes).toBeGreaterThan(0);
    expect(prod.maxRssBytes).toBe(0);
    const off = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://glint.example',
      SEED: 'none',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_HEAP_MB: '0',
      SHED_RSS_MB: '1500',
    }).loadShedding;
    expect(off).toEqual({ maxEventLoopDelayMs: 0, maxHeapBytes: 0, maxRssBytes: 1500 * 1024 ** 2 });
    expect(loadConfig({ NODE_ENV: 'test' }).loadShedding).toEqual({ maxEventLoopDelayMs: 0, maxHeapBytes: 0, maxRssBytes: 0 });
  });
});
