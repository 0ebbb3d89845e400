// Two Glint instances behind one reverse proxy, on one PostgreSQL database, one S3-compatible
// store and one shared uploads and live folder, as several instances are deployed. The proxy
// sends each request to the instance a `glint-instance` cookie (browser) or header (API calls)
// names, so the test decides which instance serves what; websockets go through it too.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
// @ts-expect-error s3rver ships no types; it is a local S3 server for tests only.
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DESKTOP, eventually, publishLikeObs, TEST_CHROMIUM } from './support.js';
import { freePort } from '../../src/server/test-support/net.js';

type Instance = 'a' | 'b';
const PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const pgAnswers = await new Promise<boolean>((resolve) => {
  const s = net.connect(5432, '127.0.0.1');
  s.once('connect', () => (s.destroy(), resolve(true)));
  s.once('error', () => resolve(false));
});
if (!pgAnswers) console.warn('two-instances.e2e: skipped, it needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust), which does not answer.');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-two-'));
const dbName = `glint_two_${randomBytes(5).toString('hex')}`;
const servers = new Map<Instance, { child: ChildProcess; port: number; exited: boolean }>();
const served: Record<Instance, number> = { a: 0, b: 0 };
let s3: { close: () => Promise<void> } | undefined;
let proxy: http.Server | undefined;
let origin = '';
let rtmpPort = 0;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
const publishers: ChildProcess[] = [];

/** The instance a request goes to: its `glint-instance` header or cookie, else the two in turn. */
let turn = 0;
function pick(req: http.IncomingMessage): Instance {
  const named = req.headers['x-glint-instance'] ?? /(?:^|;\s*)glint-instance=(a|b)/.exec(req.headers.cookie ?? '')?.[1];
  if (named === 'a' || named === 'b') return named;
  return turn++ % 2 ? 'b' : 'a';
}

function startProxy(): Promise<number> {
  proxy = http.createServer((req, res) => {
    const to = pick(req);
    served[to]++;
    const upstream = http.request(
      { host: '127.0.0.1', port: servers.get(to)!.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': '127.0.0.1' } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.rawHeaders);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // Websockets: the upgrade request is written to the chosen instance as it came, then both ways piped.
  proxy.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const to = pick(req);
    served[to]++;
    const up = net.connect(servers.get(to)!.port, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  return new Promise((resolve) => proxy!.listen(0, '127.0.0.1', () => resolve((proxy!.address() as net.AddressInfo).port)));
}

async function startInstance(name: Instance, env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve('dist/server/src/server/main.js')], {
    env: { ...env, PORT: String(port), DATA_DIR: path.join(tmp, `data-${name}`), RTMP_PORT: name === 'a' ? String(rtmpPort) : '-1' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const entry = { child, port, exited: false };
  child.on('exit', () => (entry.exited = true));
  servers.set(name, entry);
}

async function healthy(name: Instance) {
  await eventually(async () => {
    if (servers.get(name)!.exited) throw new Error(`instance ${name} exited during start-up`);
    const res = await fetch(`http://127.0.0.1:${servers.get(name)!.port}/api/health`).catch(() => undefined);
    expect(res?.status).toBe(200);
  }, 90_000);
}

/** An API call through the proxy to a chosen instance, as `cookie`. */
async function api(on: Instance, method: string, url: string, cookie = '', body?: unknown, headers: Record<string, string> = {}) {
  return fetch(origin + url, {
    method,
    redirect: 'manual',
    headers: {
      origin,
      'x-glint-instance': on,
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined && !(body instanceof Uint8Array) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body instanceof Uint8Array ? { body: body as Uint8Array<ArrayBuffer> } : body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

let accounts = 0;
/**
 * A new account signed up on instance `on`: its confirmation mail is in that instance's local
 * outbox. Gives the confirmation link (which signs in) and the username.
 */
async function signUp(on: Instance, prefix: string): Promise<{ username: string; link: string }> {
  const username = `${prefix}${Date.now().toString(36).slice(-5)}${accounts++}`;
  const email = `${username}@example.com`;
  const res = await api(on, 'POST', '/api/auth/sign-up/email', '', { email, username, name: '', password: 'Str0ng!Passw0rd' });
  expect(res.status).toBe(200);
  const link = await eventually(async () => {
    const mails = ((await (await api(on, 'GET', '/api/dev/outbox.json')).json()) as { to: string; text: string }[]).filter((m) => m.to === email);
    expect(mails.length).toBeGreaterThan(0);
    return /https?:\/\/\S+/.exec(mails[0]!.text)![0];
  }, 10_000);
  return { username, link };
}

/** An API-only account: signed up and confirmed on `on`, with its session cookie. */
async function apiAccount(on: Instance, prefix: string): Promise<{ username: string; cookie: string }> {
  const { username, link } = await signUp(on, prefix);
  const res = await api(on, 'GET', new URL(link).pathname + new URL(link).search);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
  return { username, cookie };
}

/** A browser context pinned to an instance by the proxy's cookie; `pin` moves it to another. */
async function pinnedPage(on: Instance): Promise<{ page: Page; pin: (to: Instance) => Promise<void> }> {
  const context = await browser!.newContext({ baseURL: origin, viewport: DESKTOP });
  contexts.push(context);
  const pin = (to: Instance) => context.addCookies([{ name: 'glint-instance', value: to, url: origin }]);
  await pin(on);
  const page = await context.newPage();
  return { page, pin };
}

describe.skipIf(!pgAnswers)('two instances behind one proxy', () => {
  beforeAll(async () => {
    const root = new pg.Client({ connectionString: PG_URL });
    await root.connect();
    await root.query(`create database ${dbName}`);
    await root.end();
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'glint-media' }] });
    const { port: s3Port } = (await server.run()) as { port: number };
    s3 = server as { close: () => Promise<void> };
    rtmpPort = await freePort();
    origin = `http://127.0.0.1:${await startProxy()}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATABASE_URL: PG_URL.replace(/\/postgres$/, `/${dbName}`),
      SESSION_SECRET: 'two-instances-share-this-secret-0123456789',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_ADDRESS: '500',
      LIVE_GRACE_SECONDS: '2',
      S3_BUCKET: 'glint-media',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      // The folders every instance must share: uploads in progress and originals, live HLS.
      UPLOADS_DIR: path.join(tmp, 'shared', 'uploads'),
      LIVE_DIR: path.join(tmp, 'shared', 'live'),
    };
    // The first start migrates the database; the second waits for it rather than race it.
    await startInstance('a', env);
    await healthy('a');
    await startInstance('b', env);
    await healthy('b');
    browser = await chromium.launch({
      executablePath: TEST_CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
    });
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close().catch(() => {});
    for (const p of publishers) p.kill('SIGKILL');
    for (const { child, exited } of servers.values()) {
      if (exited) continue;
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 12_000))]);
      try {
        process.kill(-child.pid!, 'SIGKILL'); // and whatever ffmpeg it left
      } catch {
        // gone
      }
    }
    proxy?.close();
    await s3?.close();
    const root = new pg.Client({ connectionString: PG_URL });
    await root.connect().then(
      () => root.query(`drop database if exists ${dbName} with (force)`).finally(() => root.end()),
      () => undefined,
    );
    fs.rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('a session made on one instance is valid on the other, and a notification caused on B reaches the page whose socket is on A', async () => {
    const { username, link } = await signUp('a', 'twoa');
    const { page, pin } = await pinnedPage('a');
    await page.goto(link);
    await page.waitForURL((u) => u.pathname === '/app');
    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    await bell.waitFor();

    // The same browser, now on B: still signed in.
    await pin('b');
    const onB = await page.evaluate(async () => (await (await fetch('/api/auth/get-session')).json()) as { user?: { username?: string } } | null);
    expect(onB?.user?.username).toBe(username);
    const beforeB = served.b;
    await page.reload();
    await bell.waitFor();
    expect(served.b).toBeGreaterThan(beforeB);

    // Back on A, socket and all; someone follows on B.
    await pin('a');
    await page.reload();
    await bell.waitFor();
    const fan = await apiAccount('b', 'twob');
    expect((await api('b', 'PUT', `/api/profiles/${username}/follow`, fan.cookie, {})).status).toBe(200);
    await bell.locator('[data-slot="unread-badge"]').waitFor({ timeout: 15_000 });
    expect(await bell.locator('[data-slot="unread-badge"]').textContent()).toBe('1');
  }, 120_000);

  it('live chat crosses instances: a stream ingested on A, a viewer on B, messages both ways', async () => {
    const host = await apiAccount('a', 'twohost');
    const stream = (await (await api('a', 'POST', '/api/streams', host.cookie, { title: 'Across the fleet', category: 'Trading' })).json()) as { id: string };
    const { key } = (await (await api('a', 'POST', '/api/live/key', host.cookie, {})).json()) as { key: string };
    const { obs } = publishLikeObs(`rtmp://127.0.0.1:${rtmpPort}/live/${key}`, 60);
    publishers.push(obs);
    await eventually(async () => {
      const s = (await (await api('b', 'GET', `/api/streams/${stream.id}`)).json()) as { status: string; hlsUrl: string | null };
      expect(s.status).toBe('live');
      expect(s.hlsUrl).not.toBeNull();
    }, 30_000);

    const { link } = await signUp('b', 'twoview');
    const { page: viewer } = await pinnedPage('b');
    await viewer.goto(link);
    await viewer.waitForURL((u) => u.pathname === '/app');
    await viewer.goto(`/stream/${stream.id}`);
    const chat = viewer.getByTestId('chat-panel');
    const input = chat.getByRole('textbox', { name: 'Chat message' });
    await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);

    // From A to the viewer's socket on B.
    expect((await api('a', 'POST', `/api/streams/${stream.id}/chat`, host.cookie, { body: 'hello from A' })).status).toBe(201);
    await chat.getByTestId('chat-message').filter({ hasText: 'hello from A' }).waitFor({ timeout: 10_000 });

    // From the viewer on B to a socket on A.
    const heard: string[] = [];
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/api/realtime`, { headers: { 'x-glint-instance': 'a', origin } });
    ws.on('message', (m) => {
      const msg = JSON.parse(String(m)) as { event: string; data: { body?: string } };
      if (msg.event === 'hello') ws.send(JSON.stringify({ type: 'join', streamId: stream.id }));
      if (msg.event === 'stream.chat' && msg.data.body) heard.push(msg.data.body);
    });
    await input.fill('hello from B');
    await input.press('Enter');
    await eventually(() => expect(heard).toContain('hello from B'), 10_000);
    ws.close();
    obs.kill('SIGINT');
  }, 120_000);

  it('an upload started on A resumes on B, and the video is processed into the shared store', async () => {
    const owner = await apiAccount('a', 'twoup');
    const draft = (await (
      await api('a', 'POST', '/api/videos', owner.cookie, { kind: 'long', title: 'Half here, half there', description: '', category: 'Education', tags: [] })
    ).json()) as { id: string };
    const file = path.join(tmp, 'clip.mp4');
    await new Promise((resolve, reject) =>
      spawn(
        'ffmpeg',
        [
          ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=3'],
          ...[
            '-f',
            'lavfi',
            '-i',
            'sine=frequency=440:sample_rate=48000:duration=3',
            '-c:v',
            'libx264',
            '-pix_fmt',
            'yuv420p',
            '-c:a',
            'aac',
            '-shortest',
            file,
          ],
        ],
        { stdio: 'ignore' },
      ).on('close', (code) => (code === 0 ? resolve(code) : reject(new Error(`ffmpeg ${code}`)))),
    );
    const bytes = fs.readFileSync(file);
    const half = Math.floor(bytes.length / 2);
    const tus = { 'Tus-Resumable': '1.0.0' };
    const created = await api('a', 'POST', '/api/uploads', owner.cookie, undefined, {
      ...tus,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `videoId ${Buffer.from(draft.id).toString('base64')}`,
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, origin).pathname;
    const first = await api('a', 'PATCH', location, owner.cookie, new Uint8Array(bytes.subarray(0, half)), {
      ...tus,
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    });
    expect(first.status).toBe(204);

    // B knows how far it got, and takes the rest.
    const head = await api('b', 'HEAD', location, owner.cookie, undefined, tus);
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(half);
    const rest = await api('b', 'PATCH', location, owner.cookie, new Uint8Array(bytes.subarray(half)), {
      ...tus,
      'Upload-Offset': String(half),
      'Content-Type': 'application/offset+octet-stream',
    });
    expect(rest.status).toBe(204);

    const ready = await eventually(async () => {
      const v = (await (await api('a', 'GET', `/api/videos/${draft.id}`, owner.cookie)).json()) as { status: string; hlsUrl: string | null };
      expect(v.status).toBe('ready');
      return v;
    }, 90_000);
    // Its media is in the shared store: either instance's page plays the same playlist.
    expect(ready.hlsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/glint-media\//);
    expect((await fetch(ready.hlsUrl!)).status).toBe(200);
  }, 150_000);
});
