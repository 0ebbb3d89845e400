import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminVerificationRequest, MyVerification } from '../../../shared/verification/verification.js';
import { listAudit } from '../audit/service.js';
import { profiles, verificationRequests } from '../../platform/db/schema/index.js';
import { Client, createTestApp, type TestApp } from '../../test-support/app.js';
import { giveRole, person, roleClients, type Person } from '../../test-support/role-clients.js';

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await giveRole(t.app, await person(t.app, 'vadmin'), 'admin');
}, 60_000);
afterAll(() => t.close());

const request = { badge: 'blue', links: ['https://example.com/me'], message: 'I am who I say I am.' } as const;

async function file(p: Person, body: object = request): Promise<MyVerification> {
  const res = await p.c.post('/api/verification/requests', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const pendingOf = async (p: Person) =>
  ((await admin.c.get('/api/admin/verification/requests')).json() as AdminVerificationRequest[]).find((r) => r.user.id === p.id)!;
const badgeOf = async (id: string) => (await t.database.db.select({ v: profiles.verificationType }).from(profiles).where(eq(profiles.id, id)))[0]!.v;

describe('who may do what', () => {
  it('users file and read their own request; only admins see the queue, decide, list and revoke', async () => {
    const { guest, unverified, user, moderator, admin: otherAdmin } = await roleClients(t.app);
    const applicant = await person(t.app, 'applicant');
    await file(applicant);
    const id = (await pendingOf(applicant)).id;
    const verified = await person(t.app, 'hasbadge');
    await t.database.db.update(profiles).set({ verificationType: 'red' }).where(eq(profiles.id, verified.id));

    // Filing and reading your own: a guest is asked to sign in, an unconfirmed account to confirm.
    expect((await guest.get('/api/verification')).statusCode).toBe(401);
    expect((await guest.post('/api/verification/requests', request)).statusCode).toBe(401);
    expect((await unverified.c.get('/api/verification')).statusCode).toBe(200);
    const unconfirmed = await unverified.c.post('/api/verification/requests', request);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().code).toBe('email_not_verified');

    const adminCalls: Array<[string, (c: Client) => ReturnType<Client['get']>]> = [
      ['queue', (c) => c.get('/api/admin/verification/requests')],
      ['verified list', (c) => c.get('/api/admin/verification/verified')],
      ['grant', (c) => c.post(`/api/admin/verification/requests/${id}/grant`, { badge: 'blue' })],
      ['reject', (c) => c.post(`/api/admin/verification/requests/${id}/reject`, { reason: 'no' })],
      ['revoke', (c) => c.post(`/api/admin/verification/users/${verified.id}/revoke`, { reason: 'no' })],
    ];
    for (const [what, call] of adminCalls) {
      expect((await call(guest)).statusCode, `${what} as a guest`).toBe(401);
      expect((await call(unverified.c)).statusCode, `${what} unconfirmed`).toBe(403);
      expect((await call(user.c)).statusCode, `${what} as a user`).toBe(403);
      expect((await call(applicant.c)).statusCode, `${what} as the applicant`).toBe(403);
      expect((await call(moderator.c)).statusCode, `${what} as a moderator`).toBe(403);
    }
    // Nothing changed.
    expect((await pendingOf(applicant)).status).toBe('pending');
    expect(await badgeOf(verified.id)).toBe('red');
    expect(await listAudit(t.database.db, { targetId: applicant.id })).toEqual([]);

    expect((await otherAdmin.c.get('/api/admin/verification/requests')).statusCode).toBe(200);
    expect((await otherAdmin.c.post(`/api/admin/verification/requests/${id}/grant`, { badge: 'blue' })).statusCode).toBe(200);
    expect((await otherAdmin.c.post(`/api/admin/verification/users/${verified.id}/revoke`, { reason: 'no' })).statusCode).toBe(200);
  });
});

describe('a verification request', () => {
  it('is filed with what is asked for, links and a message; one waits at a time; its author sees it', async () => {
    const ann = await person(t.app, 'ann');
    expect((await ann.c.get('/api/verification')).json()).toEqual({ verificationType: 'none', request: null });

    const bad = await ann.c.post('/api/verification/requests', { badge: 'gold', links: ['javascript:alert(1)'], message: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['badge', 'links.0', 'message']);
    expect((await ann.c.post('/api/verification/requests', { ...request, links: Array(6).fill('https://example.com') })).statusCode).toBe(400);

    const mine = await file(ann, { badge: 'red', links: ['https://example.com/streams'], message: '  Two years of daily streams.  ' });
    expect(mine).toMatchObject({
      verificationType: 'none',
      request: {
        badge: 'red',
        links: ['https://example.com/streams'],
        message: 'Two years of daily streams.',
        status: 'pending',
        reason: '',
        grantedBadge: null,
      },
    });
    const second = await ann.c.post('/api/verification/requests', request);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('request_pending');
    // Two at once: still one.
    const both = await Promise.all([ann.c.post('/api/verification/requests', request), ann.c.post('/api/verification/requests', request)]);
    expect(both.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(await t.database.db.select().from(verificationRequests).where(eq(verificationRequests.userId, ann.id))).toHaveLength(1);

    // Withdrawn, it makes room for a new one.
    expect((await ann.c.post('/api/verification/requests/withdraw', {})).json().request.status).toBe('withdrawn');
    expect((await ann.c.post('/api/verification/requests/withdraw', {})).statusCode).toBe(404);
    expect((await file(ann)).request!.status).toBe('pending');
  });

  it('granted: the badge is on the profile, the author is told, and the audit log has it; a second decision is refused', async () => {
    const bea = await person(t.app, 'bea');
    await file(bea);
    const pending = await pendingOf(bea);
    expect(pending).toMatchObject({
      badge: 'blue',
      links: request.links,
      message: request.message,
      user: { id: bea.id, username: bea.username },
      followers: 0,
    });

    // The admin may give the other colour than asked; the requester's open pages hear it at once.
    const publish = vi.spyOn(t.app.realtime, 'publish');
    expect((await admin.c.post(`/api/admin/verification/requests/${pending.id}/grant`, { badge: 'red' })).statusCode).toBe(200);
    expect(publish).toHaveBeenCalledWith(
      bea.id,
      'verification.decided',
      expect.objectContaining({ verificationType: 'red', request: expect.objectContaining({ status: 'granted' }) }),
    );
    publish.mockRestore();
    expect(await badgeOf(bea.id)).toBe('red');
    expect((await bea.c.get('/api/verification')).json()).toMatchObject({ verificationType: 'red', request: { status: 'granted', grantedBadge: 'red' } });
    // Wherever the name shows: the profile, the session, the people search.
    expect((await new Client(t.app).get(`/api/profiles/${bea.username}`)).json().verificationType).toBe('red');
    expect((await bea.c.get('/api/me')).json().profile.verificationType).toBe('red');
    expect(await pendingOf(bea)).toBeUndefined();
    const verified = (await admin.c.get(`/api/admin/verification/verified?q=${bea.username}`)).json();
    expect(verified).toEqual([expect.objectContaining({ id: bea.id, verificationType: 'red', since: expect.any(String) })]);

    const again = await admin.c.post(`/api/admin/verification/requests/${pending.id}/reject`, { reason: 'changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_decided');
    expect((await admin.c.post('/api/admin/verification/requests/00000000-0000-4000-8000-000000000000/grant', { badge: 'blue' })).statusCode).toBe(404);
    expect((await admin.c.post('/api/admin/verification/requests/not-a-uuid/grant', { badge: 'blue' })).statusCode).toBe(404);
    expect((await admin.c.post(`/api/admin/verification/requests/${pending.id}/grant`, { badge: 'none' })).statusCode).toBe(400);

    // Asking for the badge you already have is pointless.
    expect((await bea.c.post('/api/verification/requests', { ...request, badge: 'red' })).json().code).toBe('already_verified');

    const [entry] = await listAudit(t.database.db, { action: 'verification.grant', targetId: bea.id });
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      before: { verificationType: 'none', request: { id: pending.id, status: 'pending', badge: 'blue' } },
      after: { verificationType: 'red', request: { id: pending.id, status: 'granted' } },
    });
  });

  it('two admins deciding the same request at once decide it once', async () => {
    const cy = await person(t.app, 'cy');
    const second = await giveRole(t.app, await person(t.app, 'vadmin2'), 'admin');
    await file(cy);
    const { id } = await pendingOf(cy);
    const [a, b] = await Promise.all([
      admin.c.post(`/api/admin/verification/requests/${id}/grant`, { badge: 'blue' }),
      second.c.post(`/api/admin/verification/requests/${id}/reject`, { reason: 'not enough' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const log = await listAudit(t.database.db, { targetId: cy.id });
    expect(log).toHaveLength(1);
  });

  it('rejected with a reason the author reads; they may ask again', async () => {
    const dee = await person(t.app, 'dee');
    await file(dee);
    const { id } = await pendingOf(dee);
    expect((await admin.c.post(`/api/admin/verification/requests/${id}/reject`, { reason: '  ' })).statusCode).toBe(400);
    expect((await admin.c.post(`/api/admin/verification/requests/${id}/reject`, { reason: 'The links do not show who you are.' })).statusCode).toBe(200);
    expect((await dee.c.get('/api/verification')).json()).toMatchObject({
      verificationType: 'none',
      request: { status: 'rejected', reason: 'The links do not show who you are.', decidedAt: expect.any(String) },
    });
    expect(await badgeOf(dee.id)).toBe('none');
    const [entry] = await listAudit(t.database.db, { action: 'verification.reject', targetId: dee.id });
    expect(entry).toMatchObject({ actorId: admin.id, reason: 'The links do not show who you are.', after: { request: { id, status: 'rejected' } } });
    expect((await file(dee)).request!.status).toBe('pending');
  });

  it('revoked later with a reason: the badge is gone everywhere and the author reads why', async () => {
    const eve = await person(t.app, 'eve');
    await file(eve);
    await admin.c.post(`/api/admin/verification/requests/${(await pendingOf(eve)).id}/grant`, { badge: 'blue' });
    expect(await badgeOf(eve.id)).toBe('blue');

    expect((await admin.c.post(`/api/admin/verification/users/${eve.id}/revoke`, { reason: '' })).statusCode).toBe(400);
    expect((await admin.c.post(`/api/admin/verification/users/${eve.id}/revoke`, { reason: 'Impersonation reports confirmed.' })).statusCode).toBe(200);
    expect(await badgeOf(eve.id)).toBe('none');
    expect((await new Client(t.app).get(`/api/profiles/${eve.username}`)).json().verificationType).toBe('none');
    expect((await eve.c.get('/api/verification')).json()).toMatchObject({
      verificationType: 'none',
      request: { status: 'revoked', reason: 'Impersonation reports confirmed.' },
    });
    expect((await admin.c.get(`/api/admin/verification/verified?q=${eve.username}`)).json()).toEqual([]);
    const again = await admin.c.post(`/api/admin/verification/users/${eve.id}/revoke`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('not_verified');
    expect((await admin.c.post('/api/admin/verification/users/nobody/revoke', { reason: 'x' })).statusCode).toBe(404);

    const [entry] = await listAudit(t.database.db, { action: 'verification.revoke', targetId: eve.id });
    expect(entry).toMatchObject({
      actorId: admin.id,
      reason: 'Impersonation reports confirmed.',
      before: { verificationType: 'blue' },
      after: { verificationType: 'none' },
    });
  });
});
