import { sql } from 'drizzle-orm';
import { peopleQuery } from '../search/service.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/seed.js';
import { execFileSync } from 'node:child_process';
import { sanctions, userRoles } from '../../platform/db/schema/index.js';
import { suspendedMessage } from '../../../shared/moderation/moderation.js';
import { createTestApp, verifiedClient, type TestApp } from '../../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
  await t.database.db.insert(userRoles).values({ userId: 'demo-builderbo', role: 'moderator' });
});
afterAll(() => t.close());

describe('GET /api/profiles/:username', () => {
  it('shows a public profile with its roles and content, whatever the case of the name', async () => {
    const res = await t.app.inject('/api/profiles/BuilderBo');
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ username: 'builderbo', displayName: 'Builder Bo', verificationType: 'blue', roles: ['moderator'] });
    expect(p.streams).toHaveLength(1);
    expect(p.streams[0].status).toBe('scheduled');
  });

  it('answers 404 for a user who does not exist', async () => {
    const res = await t.app.inject('/api/profiles/nobody_here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'This user does not exist' });
  });
});

describe('GET /api/search', () => {
  it('finds users by part of their name and content by a word of its title', async () => {
    const r = (await t.app.inject('/api/search?q=nina')).json();
    expect(r.users.map((u: { username: string }) => u.username)).toEqual(['nftnina']);
    const s = (await t.app.inject('/api/search?q=anchor')).json();
    expect(s.streams.map((x: { title: string }) => x.title)).toEqual(['Building an escrow program in Anchor']);
    const b = (await t.app.inject('/api/search?q=impermanent')).json();
    expect(b.bounties).toHaveLength(1);
  });

  it('treats punctuation and wildcards as nothing to search for', async () => {
    expect((await t.app.inject('/api/search?q=%25')).json().users).toEqual([]);
    expect((await t.app.inject('/api/search?q=_')).json().users).toEqual([]);
    expect((await t.app.inject('/api/search?q=%25%25')).json().streams).toEqual([]);
  });

  it('shows trending and upcoming content for a blank query', async () => {
    const r = (await t.app.inject('/api/search?q=%20%20')).json();
    expect(r).toMatchObject({ q: '', users: [], bounties: [] });
    expect(r.streams.length).toBeGreaterThan(0);
  });

  it('forgives typos in names and matches word prefixes in titles', async () => {
    const typo = (await t.app.inject('/api/search?q=solwhael')).json();
    expect(typo.users[0].username).toBe('solwhale');
    const byDisplay = (await t.app.inject('/api/search?q=defi%20dna')).json();
    expect(byDisplay.users.map((u: { username: string }) => u.username)).toContain('defidan');
    const prefix = (await t.app.inject('/api/search?q=escr%20anch')).json();
    expect(prefix.streams.map((x: { title: string }) => x.title)).toEqual(['Building an escrow program in Anchor']);
  });
});

describe('people search', () => {
  it('finds names through the trigram indexes, not a scan of every profile', async () => {
    await t.database.db.execute(sql.raw('set enable_seqscan = off'));
    try {
      const res = (await t.database.db.execute(sql`explain ${peopleQuery(t.database.db, 'solwhael')}`)) as { rows?: unknown[] } | unknown[];
      const plan = ((Array.isArray(res) ? res : (res.rows ?? [])) as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join('\n');
      expect(plan).toContain('profiles_username_trgm_idx');
      expect(plan).toContain('profiles_display_name_trgm_idx');
      expect(plan).not.toMatch(/Seq Scan on profiles/);
    } finally {
      await t.database.db.execute(sql.raw('reset enable_seqscan'));
    }
  });
});

describe('PATCH /api/profile errors', () => {
  it('answers a taken display name with 409 display_name_taken, and an invalid field by its path', async () => {
    const a = await verifiedClient(t.app, 'errors_alpha');
    const b = await verifiedClient(t.app, 'errors_beta');
    expect((await a.request('PATCH', '/api/profile', { displayName: 'Taken Name' })).statusCode).toBe(200);

    const taken = await b.request('PATCH', '/api/profile', { displayName: 'taken name' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'display_name_taken',
      message: 'Display name is already taken',
      fields: { displayName: 'Display name is already taken' },
    });

    const invalid = await b.request('PATCH', '/api/profile', { displayName: 'x'.repeat(50), links: ['https://ok.example', 'javascript:alert(1)'] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'invalid_request',
      fields: { displayName: 'Display name must be less than 50 characters', 'links.1': expect.any(String) },
    });
  });
});

describe('a suspended account', () => {
  it('cannot change its bio, links, display name, avatar or banner; the profile stays as it was', async () => {
    const c = await verifiedClient(t.app, 'suspended_prof');
    expect((await c.request('PATCH', '/api/profile', { displayName: 'Honest Name', bio: 'Before', links: ['https://ok.example'] })).statusCode).toBe(200);
    const before = (await t.app.inject('/api/profiles/suspended_prof')).json();
    const id = (await c.get('/api/me')).json().user.id as string;
    const until = new Date(Date.now() + 3 * 86_400_000);
    await t.database.db.insert(sanctions).values({ userId: id, kind: 'suspension', until });
    const refusal = { code: 'account_suspended', message: suspendedMessage(until.toISOString()) };

    for (const body of [{ bio: 'Airdrop at https://evil.example' }, { links: ['https://evil.example/claim'] }, { displayName: 'Glint Support' }]) {
      const res = await c.request('PATCH', '/api/profile', body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject(refusal);
    }
    const png = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x64', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-']);
    for (const kind of ['avatar', 'banner']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/profile/${kind}`, payload: png, headers: { 'content-type': 'image/png', cookie: c.cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject(refusal);
    }
    const after = (await t.app.inject('/api/profiles/suspended_prof')).json();
    expect(after).toMatchObject({
      displayName: 'Honest Name',
      bio: 'Before',
      links: ['https://ok.example'],
      avatarUrl: before.avatarUrl,
      bannerUrl: before.bannerUrl,
    });
  });
});
