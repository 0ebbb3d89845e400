// Crash recovery: the real server, as `npm start` runs it, is killed with SIGKILL in the middle of
// an upload, a transcode and a live stream, then started again on the same data (PGlite folder or
// PostgreSQL database), and each piece of work must come back to a state a user can live with.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamDetail } from '../shared/live/streams.js';
import { testPatternArgs } from './platform/media/ffmpeg.js';
import { createTestDatabase, usingPostgres, waitUntil } from './test-support/app.js';
import { freePort } from './test-support/net.js';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-crash-'));
const dataDir = path.join(tmp, 'data');
const children = new Set<ChildProcess>();
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let port = 0;
let rtmpPort = 0;
let base = '';

interface Server {
  child: ChildProcess;
  /** Resolves with the exit code once the process is gone. */
  exited: Promise<number | null>;
  output: () => string;
}

/**
 * Glint's own entry point in a child process (TypeScript through tsx: the unit pass runs before
 * the build). It leads a process group of its own, so its ffmpeg children can be cleaned up
 * after it is killed; the crash itself kills the server process alone.
 */
function spawnServer(): Server {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: process.env.GLINT_CRASH_LOG ?? 'warn',
    RTMP_PORT: String(rtmpPort),
    LIVE_GRACE_SECONDS: '2',
    LOGIN_LIMIT_PER_ADDRESS: '500',
  };
  if (database?.url) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += String(d)));
  child.stderr!.on('data', (d: Buffer) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

async function startServer(): Promise<Server> {
  const s = spawnServer();
  let gone = false;
  void s.exited.then(() => (gone = true));
  await waitUntil(
    'the server to answer',
    async () => {
      if (gone) throw new Error(`the server exited during start-up:\n${s.output()}`);
      return fetch(`${base}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
    },
    (status) => status === 200,
    90_000,
  );
  return s;
}

/** The crash: SIGKILL to the server process alone, nothing flushed, nothing closed. */
async function crash(s: Server) {
  s.child.kill('SIGKILL');
  await s.exited;
}

function killGroup(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // the group is gone already
  }
}

/** A signed-in account on the server, by its own mail (the local outbox) and cookies. */
class Account {
  cookie = '';
  constructor(readonly username: string) {}
  async request(method: string, url: string, body?: unknown) {
    return fetch(base + url, {
      method,
      headers: { origin: base, cookie: this.cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      redirect: 'manual',
    });
  }
  async json<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await this.request(method, url, body);
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const name = pair!.slice(0, pair!.indexOf('='));
      const jar = new Map(this.cookie ? this.cookie.split('; ').map((p) => [p.slice(0, p.indexOf('=')), p] as const) : []);
      jar.set(name, pair!);
      this.cookie = [...jar.values()].join('; ');
    }
  }
  static async create(username: string): Promise<Account> {
    const a = new Account(username);
    const email = `${username}@example.com`;
    const res = await a.request('POST', '/api/auth/sign-up/email', { email, username, name: '', password: 'Str0ng!Passw0rd' });
    expect(res.status).toBe(200);
    const mails = await waitUntil(
      'the confirmation mail',
      async () => ((await (await fetch(`${base}/api/dev/outbox.json`)).json()) as { to: string; text: string }[]).filter((m) => m.to === email),
      (list) => list.length > 0,
    );
    const link = new URL(/https?:\/\/\S+/.exec(mails[0]!.text)![0]);
    a.keep(await a.request('GET', link.pathname + link.search));
    expect((await a.json<{ user: { emailVerified: boolean } }>('GET', '/api/auth/get-session')).user.emailVerified).toBe(true);
    return a;
  }
}

interface VideoState {
  status: string;
  processingPercent: number;
  failureReason: string | null;
  hlsUrl?: string | null;
}

const videoOf = (a: Account, id: string) => a.json<VideoState>('GET', `/api/videos/${id}`);
const streamOf = (a: Account, id: string) => a.json<StreamDetail>('GET', `/api/streams/${id}`);

async function draft(a: Account, title: string): Promise<string> {
  const v = await a.json<{ id: string }>('POST', '/api/videos', { kind: 'long', title, description: 'crash test', category: 'Education', tags: ['test'] });
  return v.id;
}

async function tus(a: Account, method: 'POST' | 'PATCH' | 'HEAD', url: string, headers: Record<string, string>, body?: Uint8Array<ArrayBuffer>) {
  return fetch(new URL(url, base), {
    method,
    headers: { 'Tus-Resumable': '1.0.0', cookie: a.cookie, ...headers },
    ...(body ? { body } : {}),
  });
}

/**
 * A PATCH that sends `first` bytes of `rest` and then stalls with the request open, as a phone
 * losing signal does; resolves once the server has them (HEAD would say so).
 */
function stalledPatch(a: Account, location: string, bytes: Buffer, first: number): { socket: net.Socket } {
  const url = new URL(location, base);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.on('error', () => {});
  socket.write(
    [
      `PATCH ${url.pathname} HTTP/1.1`,
      `Host: ${url.host}`,
      'Tus-Resumable: 1.0.0',
      'Upload-Offset: 0',
      'Content-Type: application/offset+octet-stream',
      `Content-Length: ${bytes.length}`,
      `Cookie: ${a.cookie}`,
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(bytes.subarray(0, first));
  return { socket };
}

let server: Server | undefined;
let clip: string;
let long: string;

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  [port, rtmpPort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${port}`;
  if (usingPostgres) database = await createTestDatabase();
  clip = path.join(tmp, 'clip.mp4');
  execFileSync('ffmpeg', testPatternArgs(clip, 4, 640, 360), { stdio: 'ignore' });
  // Long enough that its transcode is still running when the server is killed.
  long = path.join(tmp, 'long.mp4');
  execFileSync('ffmpeg', testPatternArgs(long, 30, 854, 480), { stdio: 'ignore' });
  server = await startServer();
}, 180_000);

afterAll(async () => {
  for (const child of children) killGroup(child);
  await Promise.all([...children].filter((c) => c.exitCode === null && c.signalCode === null).map((c) => new Promise((r) => c.once('exit', r))));
  await database?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

describe('the embedded database folder', () => {
  it.skipIf(usingPostgres)(
    'refuses a second live server, but a killed one leaves no lock that stops a restart',
    async () => {
      // While one server runs, a second on the same folder stops at once and says why.
      const second = spawnServer();
      expect(await second.exited).toBe(78);
      expect(second.output()).toMatch(/in use by process \d+/);
      expect(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8').trim()).toBe(String(server!.child.pid));

      await crash(server!);
      // The killed server's lock is still there, naming a process that is gone.
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true);
      server = await startServer();
      expect(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8').trim()).toBe(String(server.child.pid));
    },
    180_000,
  );
});

describe('a server killed while', () => {
  it('an upload is half sent: the upload resumes where it stopped after the restart, and the video processes', async () => {
    const a = await Account.create(`crashup${Date.now().toString(36).slice(-5)}`);
    const id = await draft(a, 'Sent through a crash');
    const file = fs.readFileSync(clip);
    const created = await tus(a, 'POST', '/api/uploads', {
      'Upload-Length': String(file.length),
      'Upload-Metadata': `videoId ${Buffer.from(id).toString('base64')}`,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.floor(file.length / 2);
    const { socket } = stalledPatch(a, location, file, half);
    // The bytes are on the server's disk (what HEAD reports) before the crash.
    const sent = await waitUntil(
      'half the file to arrive',
      async () => Number((await tus(a, 'HEAD', location, {})).headers.get('upload-offset')),
      (n) => n === half,
    );
    expect(sent).toBe(half);

    await crash(server!);
    socket.destroy();
    server = await startServer();

    // The same session, the same upload: it goes on from what arrived.
    const head = await tus(a, 'HEAD', location, {});
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(half);
    expect((await videoOf(a, id)).status).toBe('uploading');
    const rest = await tus(
      a,
      'PATCH',
      location,
      { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      new Uint8Array(file.subarray(offset)),
    );
    expect(rest.status).toBe(204);
    const ready = await waitUntil(
      'the video to be ready',
      () => videoOf(a, id),
      (v) => v.status === 'ready' || v.status === 'failed',
      90_000,
    );
    expect(ready).toMatchObject({ status: 'ready', failureReason: null });
  }, 240_000);

  it('a video is transcoding: the transcode runs again after the restart and the video becomes ready', async () => {
    const a = await Account.create(`crashtc${Date.now().toString(36).slice(-5)}`);
    const id = await draft(a, 'Transcoded through a crash');
    const file = fs.readFileSync(long);
    const created = await tus(a, 'POST', '/api/uploads', {
      'Upload-Length': String(file.length),
      'Upload-Metadata': `videoId ${Buffer.from(id).toString('base64')}`,
    });
    const done = await tus(
      a,
      'PATCH',
      created.headers.get('location')!,
      { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      new Uint8Array(file),
    );
    expect(done.status).toBe(204);
    // ffmpeg is at work: the progress has moved past the probe.
    await waitUntil(
      'the transcode to be under way',
      () => videoOf(a, id),
      (v) => v.status === 'processing' && v.processingPercent > 1,
      90_000,
    );

    await crash(server!);
    // Its ffmpeg dies with it rather than burn the CPU the run after the restart needs.
    await waitUntil(
      'the killed server’s ffmpeg to end',
      async () => execFileSync('ps', ['-eo', 'args']).toString().includes(`glint-${id}-`),
      (running) => !running,
      10_000,
    );
    // The row says what it said at the crash: still processing, nothing half marked ready.
    server = await startServer();
    expect((await videoOf(a, id)).status).toBe('processing');
    const ready = await waitUntil(
      'the transcode to be picked up again and finish',
      () => videoOf(a, id),
      (v) => v.status === 'ready' || v.status === 'failed',
      240_000,
    );
    expect(ready).toMatchObject({ status: 'ready', processingPercent: 100, failureReason: null });
    // And it plays: the master playlist of the ladder is there.
    const video = await a.json<{ hlsUrl: string }>('GET', `/api/videos/${id}`);
    const playlist = await fetch(new URL(video.hlsUrl, base));
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXT-X-STREAM-INF');
  }, 360_000);

  it('a stream is live: after the restart the stream ends with what was recorded as its replay, not stuck live', async () => {
    const a = await Account.create(`crashlv${Date.now().toString(36).slice(-5)}`);
    const stream = await a.json<StreamDetail>('POST', '/api/streams', { title: 'Live through a crash', category: 'Trading' });
    const { key } = await a.json<{ key: string }>('POST', '/api/live/key', {});
    const obs = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15:duration=120'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000:duration=120'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '15', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
        ...['-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${key}`],
      ],
      { stdio: 'ignore' },
    );
    children.add(obs);
    const live = await waitUntil(
      'the stream to be live',
      () => streamOf(a, stream.id),
      (s) => s.status === 'live' && !!s.hlsUrl,
      30_000,
    );
    // A few seconds of it are recorded.
    await waitUntil(
      'a few segments',
      async () => (await (await fetch(base + live.hlsUrl!)).text()).match(/\.ts$/gm)?.length ?? 0,
      (n) => n >= 4,
    );

    await crash(server!);
    obs.kill('SIGKILL'); // the publisher gives up with the server gone
    server = await startServer();

    const ended = await waitUntil(
      'the stream to end with a replay',
      () => streamOf(a, stream.id),
      (s) => s.status === 'ended' && !!s.recordingVideoId,
      60_000,
    );
    expect(ended).toMatchObject({ status: 'ended', hlsUrl: null });
    const replay = await waitUntil(
      'the replay to be processed',
      () => videoOf(a, ended.recordingVideoId!),
      (v) => v.status === 'ready' || v.status === 'failed',
      120_000,
    );
    expect(replay).toMatchObject({ status: 'ready', failureReason: null });
  }, 300_000);
});
