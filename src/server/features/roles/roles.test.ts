import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAST_ADMIN_MESSAGE } from '../../../shared/roles/roles.js';
import { buildApp } from '../../app.js';
import { listAudit } from '../audit/service.js';
import { loadConfig } from '../../platform/config.js';
import { openDatabase } from '../../platform/db/client.js';
import { profiles, user as authUser, userRoles } from '../../platform/db/schema/index.js';
import { Client, createTestApp, createTestDatabase, usingPostgres, type TestApp } from '../../test-support/app.js';
import { giveRole, person, roleClients, type Person } from '../../test-support/role-clients.js';
import { grantAdminFromCli, promoteAdminEmails, revokeRole } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'Boss@Example.com, second.boss@example.com' });
}, 60_000);
afterAll(() => t.close());

const rolesOf = async (id: string) =>
  (await t.database.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.role).sort();
const admins = async () => (await t.database.db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'))).map((r) => r.id);

describe('who may use the roles and audit endpoints', () => {
  it('admins only: guests 401, unconfirmed 403, users and moderators 403', async () => {
    const { guest, unverified, user, moderator, admin } = await roleClients(t.app);
    const target = await person(t.app, 'target');
    const calls: Array<[string, (c: Client) => ReturnType<Client['get']>]> = [
      ['list roles', (c) => c.get('/api/admin/roles')],
      ['search people', (c) => c.get('/api/admin/users?q=target')],
      ['grant', (c) => c.post('/api/admin/roles/grant', { username: target.username, role: 'moderator' })],
      ['revoke', (c) => c.post('/api/admin/roles/revoke', { username: target.username, role: 'moderator' })],
      ['audit log', (c) => c.get('/api/admin/audit')],
    ];
    for (const [what, call] of calls) {
      expect((await call(guest)).statusCode, `${what} as a guest`).toBe(401);
      expect((await call(unverified.c)).statusCode, `${what} unconfirmed`).toBe(403);
      expect((await call(user.c)).statusCode, `${what} as a user`).toBe(403);
      expect((await call(moderator.c)).statusCode, `${what} as a moderator`).toBe(403);
    }
    // Nothing they tried changed anything.
    expect(await rolesOf(target.id)).toEqual([]);
    expect(await listAudit(t.database.db, { targetId: target.id })).toEqual([]);
    for (const [what, call] of calls) expect((await call(admin.c)).statusCode, `${what} as an admin`).toBe(200);
  });
});

describe('granting and revoking roles', () => {
  it('an admin makes someone a moderator and an admin by username, and takes it back; each change is audited', async () => {
    const admin = await giveRole(t.app, await person(t.app, 'chief'), 'admin');
    const bob = await person(t.app, 'bob');

    // The people search finds them with their roles.
    const found = await admin.c.get(`/api/admin/users?q=${bob.username.slice(0, 5)}`);
    expect(found.json()).toContainEqual(expect.objectContaining({ id: bob.id, username: bob.username, roles: [] }));

    const publish = vi.spyOn(t.app.realtime, 'publish');
    const grant = await admin.c.post('/api/admin/roles/grant', { username: bob.username.toUpperCase(), role: 'moderator', reason: 'helps in chat' });
    expect(grant.statusCode).toBe(200);
    // Their open pages hear it: the menu changes at once.
    expect(publish).toHaveBeenCalledWith(bob.id, 'roles.changed', { roles: ['moderator'] });
    publish.mockRestore();
    expect(grant.json()).toEqual({ userId: bob.id, roles: ['moderator'] });
    // The moderator sees it at once: the session says so, and their screens open.
    expect((await bob.c.get('/api/me')).json().roles).toEqual(['moderator']);
    const again = await admin.c.post('/api/admin/roles/grant', { username: bob.username, role: 'moderator' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_has_role');

    expect((await admin.c.post('/api/admin/roles/grant', { username: `@${bob.username}`, role: 'admin' })).json().roles).toEqual(['admin', 'moderator']);
    expect((await bob.c.get('/api/admin/roles')).statusCode).toBe(200);
    const list = (await admin.c.get('/api/admin/roles')).json() as Array<{ userId: string; role: string }>;
    expect(list.filter((r) => r.userId === bob.id).map((r) => r.role)).toEqual(['admin', 'moderator']);

    expect((await admin.c.post('/api/admin/roles/revoke', { username: bob.username, role: 'admin', reason: 'trial over' })).json().roles).toEqual([
      'moderator',
    ]);
    expect((await bob.c.get('/api/admin/roles')).statusCode).toBe(403);
    expect((await admin.c.post('/api/admin/roles/revoke', { username: bob.username, role: 'moderator' })).statusCode).toBe(200);
    const missing = await admin.c.post('/api/admin/roles/revoke', { username: bob.username, role: 'moderator' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('no_such_role');
    expect((await admin.c.post('/api/admin/roles/grant', { username: 'nobody_here_at_all', role: 'moderator' })).statusCode).toBe(404);
    expect((await admin.c.post('/api/admin/roles/grant', { username: bob.username, role: 'owner' })).statusCode).toBe(400);

    const log = await listAudit(t.database.db, { targetType: 'user', targetId: bob.id });
    expect(log.map((e) => [e.action, e.actorId, e.reason, e.before, e.after])).toEqual([
      ['role.revoke', admin.id, '', { roles: ['moderator'] }, { roles: [] }],
      ['role.revoke', admin.id, 'trial over', { roles: ['admin', 'moderator'] }, { roles: ['moderator'] }],
      ['role.grant', admin.id, '', { roles: ['moderator'] }, { roles: ['admin', 'moderator'] }],
      ['role.grant', admin.id, 'helps in chat', { roles: [] }, { roles: ['moderator'] }],
    ]);
  });

  it('the audit log is shown to admins, filtered by actor, action, target and time, a page at a time', async () => {
    const admin = await giveRole(t.app, await person(t.app, 'auditor'), 'admin');
    const carol = await person(t.app, 'carol');
    const since = new Date(Date.now() - 1000).toISOString();
    for (const role of ['moderator', 'admin'] as const) await admin.c.post('/api/admin/roles/grant', { username: carol.username, role });
    await admin.c.post('/api/admin/roles/revoke', { username: carol.username, role: 'admin' });

    const mine = (await admin.c.get(`/api/admin/audit?actor=${admin.username}`)).json();
    expect(mine.entries.map((e: { action: string }) => e.action)).toEqual(['role.revoke', 'role.grant', 'role.grant']);
    expect(mine.entries[0]).toMatchObject({
      actor: { id: admin.id, username: admin.username },
      targetType: 'user',
      targetId: carol.id,
      targetUser: { id: carol.id, username: carol.username },
      before: { roles: ['admin', 'moderator'] },
      after: { roles: ['moderator'] },
    });
    const grants = (await admin.c.get(`/api/admin/audit?action=role.grant&targetType=user&targetId=${carol.id}`)).json();
    expect(grants.entries).toHaveLength(2);
    // A person can be named by @username.
    expect((await admin.c.get(`/api/admin/audit?targetId=@${carol.username}`)).json().entries).toHaveLength(3);
    expect((await admin.c.get(`/api/admin/audit?targetId=${carol.id}&since=${encodeURIComponent(since)}`)).json().entries).toHaveLength(3);
    expect(
      (await admin.c.get(`/api/admin/audit?targetId=${carol.id}&since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json().entries,
    ).toEqual([]);
    expect((await admin.c.get('/api/admin/audit?actor=no_such_person')).json()).toEqual({ entries: [], nextBefore: null });

    // Paging: two at a time, back in time, until the end.
    const first = (await admin.c.get(`/api/admin/audit?targetId=${carol.id}&limit=2`)).json();
    expect(first.entries).toHaveLength(2);
    expect(first.nextBefore).toBe(first.entries[1].id);
    const second = (await admin.c.get(`/api/admin/audit?targetId=${carol.id}&limit=2&before=${first.nextBefore}`)).json();
    expect(second.entries.map((e: { action: string }) => e.action)).toEqual(['role.grant']);
    expect(second.nextBefore).toBeNull();
    expect((await admin.c.get('/api/admin/audit?since=yesterday')).statusCode).toBe(400);
    expect((await admin.c.get('/api/admin/audit?action=DROP TABLE')).statusCode).toBe(400);
  });
});

describe('the last admin', () => {
  /** A database with exactly the admins given (others' admin roles removed for this test). */
  async function onlyAdmins(...keep: Person[]) {
    const ids = new Set(keep.map((p) => p.id));
    // Remove the others one at a time, while those kept still stand.
    for (const p of keep) await giveRole(t.app, p, 'admin');
    for (const id of await admins()) if (!ids.has(id)) await t.database.db.delete(userRoles).where(and(eq(userRoles.userId, id), eq(userRoles.role, 'admin')));
    expect((await admins()).sort()).toEqual([...ids].sort());
  }

  it('cannot be removed through the API, even by themselves', async () => {
    const solo = await person(t.app, 'solo');
    await onlyAdmins(solo);
    const res = await solo.c.post('/api/admin/roles/revoke', { username: solo.username, role: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'last_admin', message: LAST_ADMIN_MESSAGE });
    expect(await admins()).toEqual([solo.id]);
    expect(await listAudit(t.database.db, { action: 'role.revoke', targetId: solo.id })).toEqual([]);

    // With a second admin, one may step down.
    const other = await person(t.app, 'other');
    await solo.c.post('/api/admin/roles/grant', { username: other.username, role: 'admin' });
    expect((await solo.c.post('/api/admin/roles/revoke', { username: solo.username, role: 'admin' })).statusCode).toBe(200);
    expect(await admins()).toEqual([other.id]);
  });

  it('cannot be removed in the database either: the role row, or the account', async () => {
    const keeper = await person(t.app, 'keeper');
    await onlyAdmins(keeper);
    await expect(t.database.executeSql(`delete from user_roles where role = 'admin'`)).rejects.toThrow(/last admin/);
    await expect(t.database.executeSql(`update user_roles set role = 'moderator' where user_id = $1`, [keeper.id])).rejects.toThrow(/last admin/);
    await expect(t.database.executeSql(`delete from profiles where id = $1`, [keeper.id])).rejects.toThrow(/last admin/);
    expect(await admins()).toEqual([keeper.id]);
  });

  it('stays when two admins remove each other at the same moment', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await person(t.app, 'ann');
      const b = await person(t.app, 'ben');
      await onlyAdmins(a, b);
      const [ra, rb] = await Promise.all([
        a.c.post('/api/admin/roles/revoke', { username: b.username, role: 'admin' }),
        b.c.post('/api/admin/roles/revoke', { username: a.username, role: 'admin' }),
      ]);
      // One wins. The other is refused: as the last admin (409) when both checks ran together, or
      // as no admin any more (403) when the first removal came before the second was let in.
      const codes = [ra.statusCode, rb.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      expect(await admins()).toHaveLength(1);
      expect(await listAudit(t.database.db, { action: 'role.revoke', since: new Date(Date.now() - 60_000) })).toSatisfy((log: unknown[]) => log.length >= 1);
    }
  });

  it('stays when two removals reach the database together (past the guards)', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await person(t.app, 'cat');
      const b = await person(t.app, 'dan');
      await onlyAdmins(a, b);
      const results = await Promise.allSettled([
        revokeRole(t.database.db, { actorId: a.id, userId: b.id, role: 'admin' }),
        revokeRole(t.database.db, { actorId: b.id, userId: a.id, role: 'admin' }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected')!;
      expect(refused.reason).toMatchObject({ statusCode: 409, code: 'last_admin' });
      expect(await admins()).toHaveLength(1);
    }
  });

  it.runIf(usingPostgres)('stays when two transactions delete both admin rows at once, straight in SQL', async () => {
    const a = await person(t.app, 'sqla');
    const b = await person(t.app, 'sqlb');
    await onlyAdmins(a, b);
    const url = (t.database as { url?: string }).url!;
    const [c1, c2] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([c1.connect(), c2.connect()]);
    try {
      await c1.query('begin');
      await c2.query('begin');
      await c1.query(`delete from user_roles where user_id = $1 and role = 'admin'`, [a.id]);
      // The second waits for the first's lock, then counts after it committed.
      const second = c2.query(`delete from user_roles where user_id = $1 and role = 'admin'`, [b.id]).then(
        () => 'deleted',
        (err: Error) => err.message,
      );
      await new Promise((r) => setTimeout(r, 200));
      await c1.query('commit');
      expect(await second).toMatch(/last admin/);
      await c2.query('rollback');
    } finally {
      await Promise.all([c1.end(), c2.end()]);
    }
    expect(await admins()).toEqual([b.id]);
  });
});

describe('the first admin', () => {
  it('ADMIN_EMAILS: an account with such an email becomes admin once it is confirmed, not before', async () => {
    const c = new Client(t.app);
    await c.post('/api/auth/sign-up/email', { email: 'boss@example.com', username: 'the_boss', name: '', password: 'Str0ng!Passw0rd' });
    const id = (await c.get('/api/me')).json().user.id as string;
    // Anyone could sign up with the address: until it is confirmed, nothing.
    expect((await c.get('/api/me')).json().roles).toEqual([]);
    expect(await rolesOf(id)).toEqual([]);
    const mail = (await t.app.mailer.list()).find((m) => m.to === 'boss@example.com')!;
    const url = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    await c.get(url.pathname + url.search);
    expect((await c.get('/api/me')).json().roles).toEqual(['admin']);
    expect((await c.get('/api/admin/roles')).statusCode).toBe(200);
    const [entry] = await listAudit(t.database.db, { action: 'role.grant', targetId: id });
    expect(entry).toMatchObject({ actorId: null, reason: 'ADMIN_EMAILS', before: { roles: [] }, after: { roles: ['admin'] } });
    // Others are not.
    const other = await person(t.app, 'notboss');
    expect((await other.c.get('/api/me')).json().roles).toEqual([]);
  });

  it('ADMIN_EMAILS at start-up: confirmed accounts already there are promoted, once; unconfirmed ones are not', async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-test-'));
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent', RTMP_PORT: '-1' } as const;
    try {
      const now = new Date();
      for (const [id, email, verified] of [
        ['u-early', 'early@example.com', true],
        ['u-unconfirmed', 'late@example.com', false],
      ] as const) {
        await database.db.insert(authUser).values({ id, name: id, email, emailVerified: verified, createdAt: now, updatedAt: now });
        await database.db.insert(profiles).values({ id, username: id.replace('-', '_'), displayName: id });
      }
      for (let start = 0; start < 2; start++) {
        const app = await buildApp({ config: loadConfig({ ...env, ADMIN_EMAILS: 'EARLY@example.com,late@example.com' }), database, logger: false });
        await app.ready();
        await app.close();
      }
      const roles = await database.db.select().from(userRoles);
      expect(roles.map((r) => [r.userId, r.role])).toEqual([['u-early', 'admin']]);
      const log = await listAudit(database.db, { action: 'role.grant' });
      expect(log.map((e) => [e.targetId, e.actorId, e.reason])).toEqual([['u-early', null, 'ADMIN_EMAILS']]);
      // The same function, asked about one account.
      expect(await promoteAdminEmails(database.db, ['late@example.com'], 'u-unconfirmed')).toEqual([]);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a malformed ADMIN_EMAILS at start', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_EMAILS: 'boss@example.com, not-an-email' })).toThrow(/ADMIN_EMAILS: "not-an-email"/);
    expect(loadConfig({ NODE_ENV: 'test', ADMIN_EMAILS: ' A@b.co ,a@B.co,, ' }).adminEmails).toEqual(['a@b.co']);
    expect(loadConfig({ NODE_ENV: 'test' }).adminEmails).toEqual([]);
  });

  it('npm run admin:grant -- <username>: the command line makes an admin, audited with no actor', async () => {
    const dave = await person(t.app, 'dave');
    expect(await grantAdminFromCli(t.database.db, `@${dave.username.toUpperCase()}`)).toBe(`@${dave.username} is now an admin.`);
    expect(await rolesOf(dave.id)).toEqual(['admin']);
    expect(await grantAdminFromCli(t.database.db, dave.username)).toBe(`@${dave.username} is already an admin.`);
    await expect(grantAdminFromCli(t.database.db, 'no_one_by_this_name')).rejects.toThrow('No one has that username.');
    const log = await listAudit(t.database.db, { action: 'role.grant', targetId: dave.id });
    expect(log.map((e) => [e.actorId, e.reason, e.after])).toEqual([[null, 'npm run admin:grant', { roles: ['admin'] }]]);
  });
});

/** Runs `npm run admin:grant`'s script as npm would, on the database of `env`. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'grant-admin-cli.ts'), ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', SEED: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += String(d)));
  child.stderr.on('data', (d: Buffer) => (out += String(d)));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

describe('the admin:grant command', () => {
  it('grants on the configured database, and refuses an embedded database another process has open', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-cli-'));
    try {
      const shared = usingPostgres ? await createTestDatabase() : undefined;
      const env: Record<string, string> = { DATA_DIR: dataDir, ...(shared?.url ? { DATABASE_URL: shared.url } : {}) };
      const open = () => shared ?? openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      let database = await open();
      await database.migrate();
      const now = new Date();
      await database.db.insert(authUser).values({ id: 'u-cli', name: 'cli', email: 'cli@example.com', emailVerified: true, createdAt: now, updatedAt: now });
      await database.db.insert(profiles).values({ id: 'u-cli', username: 'CliUser', displayName: 'Cli' });
      if (!shared) {
        // Glint holds the embedded database: the command must not write it behind its back.
        const busy = await runCli(['cliuser'], env);
        expect(busy.code).toBe(1);
        expect(busy.out).toMatch(/is in use by process \d+/);
        await database.close();
      }

      expect(await runCli([], env)).toMatchObject({ code: 64, out: expect.stringContaining('Usage: npm run admin:grant -- <username>') });
      expect(await runCli(['nobody_at_all'], env)).toMatchObject({ code: 1, out: expect.stringContaining('No one has that username.') });
      expect(await runCli(['cliuser'], env)).toMatchObject({ code: 0, out: '@CliUser is now an admin.\n' });

      database = await open();
      try {
        expect(await database.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, 'u-cli'))).toEqual([{ role: 'admin' }]);
        expect((await listAudit(database.db, { targetId: 'u-cli' })).map((e) => [e.action, e.actorId])).toEqual([['role.grant', null]]);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
