import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';

describe('readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close().catch(() => undefined));

  const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

  it('is ready while the database, storage and job runner answer', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', failing: [], checks: { database: { ok: true }, storage: { ok: true }, jobs: { ok: true } } });
    // The probe leaves nothing behind in the media folder.
    expect(fs.readdirSync(path.join(t.config.dataDir, 'media', 'paid', 'ready-probe'))).toEqual([]);
  });

  it('names storage when media can no longer be written', async () => {
    const media = path.join(t.config.dataDir, 'media');
    fs.renameSync(media, `${media}.away`);
    fs.writeFileSync(media, 'not a folder');
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', failing: ['storage'], checks: { database: { ok: true }, storage: { ok: false } } });
    } finally {
      fs.rmSync(media);
      fs.renameSync(`${media}.away`, media);
    }
  });

  it('names the job runner and the database once they stop', async () => {
    await t.app.jobs.stop();
    const jobsDown = await ready();
    expect(jobsDown.statusCode).toBe(503);
    expect(jobsDown.json().failing).toEqual(['jobs']);

    await t.database.close();
    const dbDown = await ready();
    expect(dbDown.statusCode).toBe(503);
    expect(dbDown.json()).toMatchObject({ status: 'not_ready', failing: ['database', 'jobs'], checks: { database: { ok: false, latencyMs: null } } });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
  });
});
