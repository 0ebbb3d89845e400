import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_LOGINS } from '../../../shared/auth/auth.js';
import {
  DELETION_CANCELLED_MESSAGE,
  EXPORT_FILES,
  LAST_ADMIN_DELETE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  type DataExport,
} from '../../../shared/privacy/privacy.js';
import { listAudit } from '../audit/service.js';
import {
  chatMessages,
  dataExports,
  follows,
  livestreams,
  notifications,
  payments,
  profiles,
  profileWallets,
  session as sessions,
  user as authUser,
  userRoles,
  videoComments,
  videoPurchases,
  videos,
} from '../../platform/db/schema/index.js';
import { Client, createTestApp, verifiedClient, waitUntil, type TestApp } from '../../test-support/app.js';
import { TestWallet } from '../../test-support/wallet.js';
import { DELETED_ACCOUNT_ID, eraseDueAccounts } from './deletion.js';
import { expireExports } from './export.js';

const PASSWORD = 'Str0ng!Passw0rd';
const DAY = 86_400_000;
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ MEDIA_WORKERS: '1' });
});
afterAll(async () => {
  await t?.close();
});

interface Person {
  c: Client;
  id: string;
  username: string;
  email: string;
}

async function person(prefix = 'priv'): Promise<Person> {
  const username = `${prefix}_${++n}${Date.now().toString(36).slice(-3)}`;
  const c = await verifiedClient(t.app, username, PASSWORD);
  const id = (await c.get('/api/me')).json().user.id as string;
  return { c, id, username, email: `${username.toLowerCase()}@example.com` };
}

/** A file in storage, as processing or an avatar upload would have left it. */
async function storedFile(key: string, text = 'bytes') {
  const tmp = path.join(os.tmpdir(), `glint-priv-${++n}`);
  fs.writeFileSync(tmp, text);
  await t.app.storage.putFile(key, tmp);
  fs.rmSync(tmp);
}
const stored = async (key: string) => !!(await t.app.storage.read(key));

/** A person with something of everything: a video with its files, a stream, a comment, a chat line, tips both ways, a sale, follows, a notification. */
async function personWithData(other: Person) {
  const p = await person();
  const db = t.app.db;
  const [video] = await db
    .insert(videos)
    .values({ ownerId: p.id, kind: 'long', title: 'My first video', slug: 'my-first-video', category: 'other', status: 'ready', publishedAt: new Date() })
    .returning();
  await db
    .update(videos)
    .set({ hlsKey: `videos/${video!.id}/master.m3u8` })
    .where(eq(videos.id, video!.id));
  await storedFile(`videos/${video!.id}/master.m3u8`, '#EXTM3U');
  await storedFile(`profiles/${p.id}/avatar-1.jpg`);
  const [stream] = await db.insert(livestreams).values({ ownerId: p.id, title: 'My stream', slug: 'my-stream', category: 'Trading' }).returning();
  await db.insert(videoComments).values({ videoId: video!.id, userId: p.id, body: 'a comment of mine' });
  await db.insert(chatMessages).values({ streamId: stream!.id, userId: p.id, body: 'a chat line of mine' });
  const tip = { kind: 'tip' as const, payerWallet: 'W1', payeeWallet: 'W2', status: 'finalized' as const, finalizedAt: new Date() };
  await db.insert(payments).values({ ...tip, payerId: p.id, payeeId: other.id, lamports: 1_500_000_000n, message: 'for you' });
  await db.insert(payments).values({ ...tip, payerId: other.id, payeeId: p.id, lamports: 250_000_000n });
  await db.insert(videoPurchases).values({
    videoId: video!.id,
    buyerId: other.id,
    payerWallet: 'W1',
    payTo: 'W2',
    asset: 'usdc',
    network: 'solana:devnet',
    amountMicroUsdc: 990_000,
    paymentKey: `key-${++n}`,
    status: 'settled',
    settledAt: new Date(),
  });
  await db.insert(follows).values({ followerId: p.id, followeeId: other.id });
  await db.insert(follows).values({ followerId: other.id, followeeId: p.id });
  await db.insert(notifications).values({ userId: p.id, actorId: other.id, type: 'follow', title: 'New follower', message: 'someone followed you' });
  await db.insert(profileWallets).values({ userId: p.id, walletAddress: `Wallet${n}xxxxxxxxxxxxxxxxxxxxxxxxxxx` });
  return { ...p, video: video!, stream: stream! };
}

/** The files of a zip, read with its central directory (stored or deflated entries). */
function unzip(buf: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    files.set(name, (method === 8 ? zlib.inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

const deleteAccount = (p: { c: Client }, body: Record<string, unknown>) => p.c.request('POST', '/api/account/deletion', body);
const signIn = (email: string) => {
  const c = new Client(t.app, `10.9.${++n % 250}.1`);
  return c.post('/api/auth/sign-in/email', { email, password: PASSWORD }).then((res) => ({ c, res }));
};

describe('deleting an account', () => {
  it('refuses a wrong password, and a guest', async () => {
    const p = await person();
    const res = await deleteAccount(p, { password: 'not-my-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(WRONG_PASSWORD_MESSAGE);
    expect((await p.c.get('/api/account/deletion')).json().deleteAfter).toBeNull();
    expect((await new Client(t.app).post('/api/account/deletion', { password: PASSWORD })).statusCode).toBe(401);
  });

  it('counts wrong passwords like wrong sign-ins: a stolen session cannot guess on', async () => {
    const p = await person();
    for (let i = 0; i < 5; i++) expect((await deleteAccount(p, { password: `guess-${i}` })).statusCode).toBe(401);
    const res = await deleteAccount(p, { password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(TOO_MANY_LOGINS);
    expect((await p.c.get('/api/account/deletion')).json().deleteAfter).toBeNull();
  });

  it('refuses the last admin, and lets an admin go when another stays', async () => {
    const admin = await person('adm');
    await t.app.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
    const res = await deleteAccount(admin, { password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LAST_ADMIN_DELETE_MESSAGE);
    expect((await admin.c.get('/api/account/deletion')).json().deleteAfter).toBeNull();

    const second = await person('adm');
    await t.app.db.insert(userRoles).values({ userId: second.id, role: 'admin' });
    expect((await deleteAccount(admin, { password: PASSWORD })).statusCode).toBe(200);
    // The other admin leaves the role during the grace period: the job keeps the last admin.
    await t.app.db.delete(userRoles).where(and(eq(userRoles.userId, second.id), eq(userRoles.role, 'admin')));
    await eraseDueAccounts(t.app.db, t.app.storage, new Date(Date.now() + 15 * DAY));
    expect(await t.app.db.select().from(profiles).where(eq(profiles.id, admin.id))).toHaveLength(1);
    await admin.c.request('DELETE', '/api/account/deletion');
  });

  it('asks for the code when two-factor is on', async () => {
    const p = await person();
    const enable = await p.c.post('/api/auth/two-factor/enable', { password: PASSWORD });
    const totp = OTPAuth.URI.parse(enable.json().totpURI as string) as OTPAuth.TOTP;
    expect((await p.c.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).statusCode).toBe(200);
    expect((await deleteAccount(p, { password: PASSWORD })).statusCode).toBe(401);
    const wrong = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
    expect((await deleteAccount(p, { password: PASSWORD, code: wrong })).statusCode).toBe(401);
    expect((await deleteAccount(p, { password: PASSWORD, code: totp.generate() })).statusCode).toBe(200);
  });

  it('takes a signature of the linked wallet instead of a password, and refuses another wallet', async () => {
    const w = new TestWallet(t.app);
    const c = new Client(t.app);
    const reg = await c.post('/api/auth/register-with-wallet', { ...(await w.loginProof()), username: `walpriv_${++n}`, displayName: `Wallet priv ${n}` });
    expect(reg.statusCode).toBe(200);
    const stranger = new TestWallet(t.app);
    expect((await deleteAccount({ c }, { wallet: await stranger.loginProof() })).statusCode).toBe(401);
    const proof = await w.loginProof();
    expect((await deleteAccount({ c }, { wallet: proof })).statusCode).toBe(200);
    // The same signature again is a replay.
    expect((await deleteAccount({ c }, { wallet: proof })).statusCode).toBe(401);
  });

  it('schedules it 14 days out, mails the person, and a sign-in in the grace period cancels it (told once)', async () => {
    const p = await person();
    const res = await deleteAccount(p, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const at = new Date(res.json().deleteAfter as string).getTime();
    expect(Math.abs(at - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    expect((await p.c.get('/api/account/deletion')).json().deleteAfter).toBe(res.json().deleteAfter);
    const mail = (await t.app.mailer.list()).find((m) => m.to === p.email && /will be deleted on/.test(m.subject));
    expect(mail?.text).toContain('Signing in before then cancels the deletion');

    const { c, res: signedIn } = await signIn(p.email);
    expect(signedIn.statusCode).toBe(200);
    expect((await c.get('/api/me')).json().deletionCancelled).toBe(true);
    expect((await c.get('/api/account/deletion')).json().deleteAfter).toBeNull();
    expect((await c.post('/api/account/deletion/notice')).json().cancelled).toBe(true);
    expect((await c.get('/api/me')).json().deletionCancelled).toBeUndefined();
    expect(DELETION_CANCELLED_MESSAGE).toBe('Your account deletion was cancelled');
    // The job long after finds nothing to erase: the account stays.
    await eraseDueAccounts(t.app.db, t.app.storage, new Date(Date.now() + 30 * DAY));
    expect((await c.get('/api/me')).json().user.id).toBe(p.id);
    const audit = await listAudit(t.app.db, { targetType: 'user', targetId: p.id });
    expect(audit.map((a) => a.action)).toEqual(['account.deletion_cancel', 'account.deletion_schedule']);
  });

  it('can be cancelled from Settings', async () => {
    const p = await person();
    await deleteAccount(p, { password: PASSWORD });
    expect((await p.c.request('DELETE', '/api/account/deletion')).json().deleteAfter).toBeNull();
    expect((await p.c.get('/api/account/deletion')).json().deleteAfter).toBeNull();
  });

  it('after the grace period erases the account and its data, keeps payments anonymous, logs it, and frees the username', async () => {
    const other = await person('keep');
    const p = await personWithData(other);
    expect((await deleteAccount(p, { password: PASSWORD })).statusCode).toBe(200);
    const db = t.app.db;

    // A day before the end nothing happens.
    await eraseDueAccounts(db, t.app.storage, new Date(Date.now() + 13 * DAY));
    expect(await db.select().from(profiles).where(eq(profiles.id, p.id))).toHaveLength(1);

    expect(await eraseDueAccounts(db, t.app.storage, new Date(Date.now() + 14 * DAY + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(authUser).where(eq(authUser.id, p.id))).toHaveLength(0);
    expect(await db.select().from(profiles).where(eq(profiles.id, p.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, p.id))).toHaveLength(0);
    expect(await db.select().from(profileWallets).where(eq(profileWallets.userId, p.id))).toHaveLength(0);
    expect(await db.select().from(videoComments).where(eq(videoComments.userId, p.id))).toHaveLength(0);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.userId, p.id))).toHaveLength(0);
    expect(await db.select().from(videos).where(eq(videos.id, p.video.id))).toHaveLength(0);
    expect(await db.select().from(follows).where(eq(follows.followeeId, p.id))).toHaveLength(0);
    expect(await stored(`videos/${p.video.id}/master.m3u8`)).toBe(false);
    expect(await stored(`profiles/${p.id}/avatar-1.jpg`)).toBe(false);
    // The old session no longer works.
    expect((await p.c.get('/api/me')).json().user).toBeNull();

    // The ledger keeps both tips, with their amounts, naming no one; the sale stays without the video.
    const sent = await db
      .select()
      .from(payments)
      .where(and(eq(payments.payerId, DELETED_ACCOUNT_ID), eq(payments.payeeId, other.id)));
    expect(sent.map((r) => [r.lamports, r.message])).toEqual([[1_500_000_000n, '']]);
    const received = await db
      .select()
      .from(payments)
      .where(and(eq(payments.payerId, other.id), eq(payments.payeeId, DELETED_ACCOUNT_ID)));
    expect(received.map((r) => r.lamports)).toEqual([250_000_000n]);
    const sales = await db.select().from(videoPurchases).where(eq(videoPurchases.buyerId, other.id));
    expect(sales.map((s) => [s.videoId, s.amountMicroUsdc])).toEqual([[null, 990_000]]);

    const audit = await listAudit(db, { action: 'account.delete', targetId: p.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBeNull();

    // The username and email are free again.
    const again = await verifiedClient(t.app, p.username, PASSWORD);
    expect((await again.get('/api/me')).json().profile.username).toBe(p.username);
  });
});

describe('downloading your data', () => {
  it('prepares a zip of every file in the background, for its owner only, for a day', async () => {
    const other = await person('keep');
    const p = await personWithData(other);
    const start = await p.c.post('/api/account/export');
    expect(start.statusCode).toBe(202);
    expect(start.json().export.status).toBe('preparing');
    // One at a time.
    expect((await p.c.post('/api/account/export')).statusCode).toBe(409);

    const ready = await waitUntil(
      'the export',
      async () => (await p.c.get('/api/account/export')).json().export as DataExport,
      (e) => e.status !== 'preparing',
      60_000,
    );
    expect(ready.status).toBe('ready');
    expect(ready.progress).toBe(100);
    expect(new Date(ready.expiresAt!).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    const mail = (await t.app.mailer.list()).find((m) => m.to === p.email && /data is ready/.test(m.subject));
    expect(mail?.text).toContain(ready.downloadUrl);

    const res = await p.c.get(ready.downloadUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzip(res.rawPayload);
    for (const f of EXPORT_FILES) expect(files.has(f), f).toBe(true);
    const profile = JSON.parse(files.get('profile.json')!);
    expect(profile.profile.username).toBe(p.username);
    expect(profile.account.email).toBe(p.email);
    const vids = JSON.parse(files.get('videos.json')!);
    expect(vids.videos[0].title).toBe('My first video');
    expect(vids.videos[0].media).toContain(`/media/videos/${p.video.id}/master.m3u8`);
    expect(vids.streams[0].title).toBe('My stream');
    expect(JSON.parse(files.get('comments.json')!)[0].body).toBe('a comment of mine');
    expect(JSON.parse(files.get('chat-messages.json')!)[0].body).toBe('a chat line of mine');
    const pay = JSON.parse(files.get('payments.json')!);
    expect(pay.tipsAndRewards.map((x: { lamports: string; direction: string }) => [x.direction, x.lamports]).sort()).toEqual([
      ['received', '250000000'],
      ['sent', '1500000000'],
    ]);
    expect(pay.purchases[0]).toMatchObject({ direction: 'sold', amountMicroUsdc: 990_000 });
    const fol = JSON.parse(files.get('follows.json')!);
    expect(fol.following[0].username).toBe(other.username);
    expect(fol.followers[0].username).toBe(other.username);
    expect(JSON.parse(files.get('notifications.json')!)[0].title).toBe('New follower');

    // Someone else, signed in, gets nothing; a guest neither; the file is not under /media/.
    expect((await other.c.get(ready.downloadUrl!)).statusCode).toBe(404);
    expect((await new Client(t.app).get(ready.downloadUrl!)).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(dataExports).where(eq(dataExports.id, ready.id));
    expect((await p.c.get(`/media/${row!.storageKey}`)).statusCode).toBe(404);

    // A day later the link is refused, and the sweep deletes the file.
    await t.app.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, ready.id));
    const expired = await p.c.get(ready.downloadUrl!);
    expect(expired.statusCode).toBe(410);
    expect((await p.c.get('/api/account/export')).json().export).toMatchObject({ status: 'expired', downloadUrl: null });
    expect(await expireExports(t.app.db, t.app.storage)).toBeGreaterThanOrEqual(1);
    expect(await stored(row!.storageKey!)).toBe(false);
    // A new one may be asked for.
    expect((await p.c.post('/api/account/export')).statusCode).toBe(202);
  });
});
