import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from './schema.js';
import { createTestApp, verifiedClient, type TestApp } from '../../test-support/app.js';
import { selfSignedCertificate } from '../../test-support/tls.js';
import { isPrivateEndpoint } from '../../platform/http/outbound.js';
import { createPush, PUSH_ENDPOINT_TAKEN, PUSH_MAX_PER_USER, PUSH_NOT_HTTPS, PUSH_PRIVATE_ADDRESS } from './push.js';

// The browser's push service, held at its protocol boundary: a local endpoint that receives
// the encrypted Web Push POST (RFC 8030/8291) exactly as FCM or Mozilla's would.
const received: { headers: http.IncomingHttpHeaders; bytes: number }[] = [];
let endpoint: string;
let server: https.Server;
let t: TestApp;
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  // Push services speak HTTPS only: a self-signed certificate that this test process trusts.
  const { dir, cert, keyFile } = selfSignedCertificate();
  https.globalAgent.options.ca = [cert];
  server = https.createServer({ key: fs.readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, bytes: Buffer.concat(chunks).length });
      res.writeHead(req.url?.includes('gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}/push`;
  fs.rmSync(dir, { recursive: true, force: true });
  t = await createTestApp({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});

/** A browser's subscription keys: a P-256 public key and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

describe('web push', () => {
  it('publishes the public key and sends each new notification, encrypted, to the subscribed browser', async () => {
    const owner = await verifiedClient(t.app, 'push_owner');
    const fan = await verifiedClient(t.app, 'push_fan');
    expect((await owner.get('/api/push/key')).json()).toEqual({ publicKey: vapid.publicKey });
    expect((await owner.post('/api/push/subscriptions', { endpoint: `${endpoint}/one`, keys: browserKeys() })).statusCode).toBe(204);
    await fan.request('PUT', '/api/profiles/push_owner/follow', {});
    for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(String(received[0]!.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    expect(received[0]!.bytes).toBeGreaterThan(50);
  });

  it('forgets a subscription the push service says is gone', async () => {
    const owner = await verifiedClient(t.app, 'push_gone');
    const fan = await verifiedClient(t.app, 'push_fan2');
    await owner.post('/api/push/subscriptions', { endpoint: `${endpoint}/gone`, keys: browserKeys() });
    const before = received.length;
    await fan.request('PUT', '/api/profiles/push_gone/follow', {});
    for (let i = 0; i < 50 && received.length === before; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 200));
    const rows = await t.database.db.select().from(pushSubscriptions);
    expect(rows.map((r) => r.endpoint)).not.toContain(`${endpoint}/gone`);
  });

  it('takes only https endpoints, and an endpoint stays with the account that registered it', async () => {
    const owner = await verifiedClient(t.app, 'push_keep');
    const thief = await verifiedClient(t.app, 'push_thief');
    const plain = await owner.post('/api/push/subscriptions', { endpoint: 'http://push.example/x', keys: browserKeys() });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(PUSH_NOT_HTTPS);
    expect((await owner.post('/api/push/subscriptions', { endpoint: `${endpoint}/kept`, keys: browserKeys() })).statusCode).toBe(204);
    const taken = await thief.post('/api/push/subscriptions', { endpoint: `${endpoint}/kept`, keys: browserKeys() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PUSH_ENDPOINT_TAKEN);
    // Nor can the other account remove it.
    expect((await thief.request('DELETE', '/api/push/subscriptions', { endpoint: `${endpoint}/kept` })).statusCode).toBe(204);
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, `${endpoint}/kept`));
    expect(rows.map((r) => r.userId)).toEqual([(await owner.get('/api/me')).json().user.id]);
  });

  it('keeps at most 10 browsers per account, the newest', async () => {
    const owner = await verifiedClient(t.app, 'push_many');
    for (let i = 0; i < PUSH_MAX_PER_USER + 3; i++) {
      expect((await owner.post('/api/push/subscriptions', { endpoint: `${endpoint}/many-${i}`, keys: browserKeys() })).statusCode).toBe(204);
    }
    const id = (await owner.get('/api/me')).json().user.id;
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
    expect(rows.length).toBe(PUSH_MAX_PER_USER);
    expect(rows.map((r) => r.endpoint)).toContain(`${endpoint}/many-${PUSH_MAX_PER_USER + 2}`);
    expect(rows.map((r) => r.endpoint)).not.toContain(`${endpoint}/many-0`);
  });

  it('on a public server, refuses endpoints on loopback or private addresses', async () => {
    const owner = await verifiedClient(t.app, 'push_private');
    const id = (await owner.get('/api/me')).json().user.id;
    const publicPush = createPush(t.database.db, { ...vapid, subject: 'mailto:ops@glint.example' }, { allowPrivateEndpoints: false });
    for (const address of [
      endpoint,
      'https://localhost/p',
      'https://10.0.0.5/p',
      'https://192.168.1.20/p',
      'https://[::1]/p',
      'https://[::ffff:127.0.0.1]/p',
      'https://169.254.169.254/p',
    ]) {
      await expect(publicPush.subscribe(id, { endpoint: address, keys: browserKeys() }), address).rejects.toMatchObject({
        statusCode: 400,
        message: PUSH_PRIVATE_ADDRESS,
      });
    }
    expect(await isPrivateEndpoint('https://8.8.8.8/push')).toBe(false);
  });
});
