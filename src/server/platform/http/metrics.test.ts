import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';

const TOKEN = 'scrape-token-0123456789';

describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = (o: { remoteAddress?: string; headers?: Record<string, string> } = {}) => t.app.inject({ method: 'GET', url: '/metrics', ...o });

  it('shows requests by route pattern and status, jobs per queue, event loop delay and memory to this machine', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/videos/00000000-0000-0000-0000-000000000000' });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/glint_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/);
    // One series per route, not per id.
    expect(res.body).toMatch(/route="\/api\/videos\/:id",status_code="404"/);
    expect(res.body).not.toContain('00000000-0000');
    expect(res.body).toMatch(/glint_jobs\{queue="[^"]+",state="queued"\} \d+/);
    expect(res.body).toMatch(/glint_nodejs_eventloop_lag_p99_seconds \d/);
    expect(res.body).toMatch(/glint_process_resident_memory_bytes \d/);

    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect((await scrape()).body).toMatch(/route="\/api\/health",status_code="200"\} 2/);
  });

  it('is refused to another machine without the token, and through a proxy on this one', async () => {
    const remote = await scrape({ remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 'forbidden' });
    expect(remote.body).not.toContain('glint_');
    expect((await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(403);
    expect((await scrape({ headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
  });

  it('is served to another machine sending the token', async () => {
    const res = await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('glint_http_request_duration_seconds');
  });
});
