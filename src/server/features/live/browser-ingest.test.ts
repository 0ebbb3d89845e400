import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { StreamDetail } from '../../../shared/live/streams.js';
import { INGEST_CLOSE, type IngestStatusMessage } from '../../../shared/live/live.js';
import { Client, createTestApp, verifiedClient, type TestApp, waitUntil } from '../../test-support/app.js';

let t: TestApp;
let base: string;
let n = 0;
const creator = () => verifiedClient(t.app, `bi_${++n}`);
const MIME = 'video/webm;codecs=vp8,opus';

beforeAll(async () => {
  t = await createTestApp({ LIVE_GRACE_SECONDS: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await t.close();
}, 60_000);

const newStream = async (c: Client, title = 'From the browser') => {
  const res = await c.post('/api/streams', { title, category: 'Trading' });
  expect(res.statusCode).toBe(201);
  return res.json() as StreamDetail;
};
const streamOf = async (c: Client, id: string) => (await c.get(`/api/streams/${id}`)).json() as StreamDetail;

interface Opened {
  ws: WebSocket;
  /** The HTTP status when the upgrade was refused, else undefined once open. */
  status: Promise<number | undefined>;
  messages: IngestStatusMessage[];
  closed: Promise<{ code: number; reason: string }>;
}

/** A browser's ingest socket: cookies of `c` (if any) and the page's origin unless told otherwise. */
function openIngest(c: Client | null, query: Record<string, string>, origin = t.config.publicUrl): Opened {
  const url = `${base.replace('http', 'ws')}/api/live/ingest?${new URLSearchParams(query)}`;
  const ws = new WebSocket(url, { headers: { origin, ...(c?.cookies.size ? { cookie: c.cookie } : {}) } });
  const messages: IngestStatusMessage[] = [];
  ws.on('message', (data, isBinary) => {
    if (!isBinary) messages.push(JSON.parse(data.toString()) as IngestStatusMessage);
  });
  const status = new Promise<number | undefined>((resolve) => {
    ws.once('open', () => resolve(undefined));
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode);
      ws.terminate();
    });
    ws.once('error', () => resolve(-1));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return { ws, status, messages, closed };
}

/** A MediaRecorder, played by ffmpeg: VP8 and Opus in WebM, in real time, on stdout. */
function webmSource(seconds: number, audio = true) {
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-re'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=30:duration=${seconds}`],
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`] : []),
    // Like MediaRecorder: one keyframe at the start, none after.
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1500k', '-g', '100000'],
    ...(audio ? ['-c:a', 'libopus'] : []),
    ...['-f', 'webm', '-cluster_time_limit', '250', 'pipe:1'],
  ];
  return spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'ignore'] });
}

/**
 * Streams ffmpeg's WebM over the socket in ~64 KB messages, as MediaRecorder's slices arrive; the
 * first byte goes alone, as Chrome sends it.
 */
function pump(ws: WebSocket, source: ReturnType<typeof webmSource>): Promise<void> {
  let first = true;
  source.stdout.on('data', (chunk: Buffer) => {
    if (ws.readyState !== ws.OPEN) return;
    if (first) ws.send(chunk.subarray(0, 1), { binary: true });
    ws.send(first ? chunk.subarray(1) : chunk, { binary: true });
    first = false;
  });
  return new Promise((resolve) => source.on('close', () => resolve()));
}

describe('who may go live from the browser', () => {
  it('refuses a guest, an unverified account, another user, and an ended stream; nothing goes live', async () => {
    const owner = await creator();
    const stream = await newStream(owner);
    const q = { streamId: stream.id, mime: MIME };

    const guest = openIngest(null, q);
    expect(await guest.status).toBeUndefined();
    expect((await guest.closed).code).toBe(INGEST_CLOSE.signedOut);

    const unverified = new Client(t.app);
    await unverified.post('/api/auth/sign-up/email', { email: `bi_unv_${n}@example.com`, username: `bi_unv_${n}`, name: '', password: 'Str0ng!Passw0rd' });
    const u = openIngest(unverified, q);
    // Without a confirmed email there is no session, or one the guard refuses.
    expect([INGEST_CLOSE.signedOut, INGEST_CLOSE.unverified]).toContain((await u.closed).code);

    const other = await creator();
    const o = openIngest(other, q);
    expect((await o.closed).code).toBe(INGEST_CLOSE.notFound);
    expect(await streamOf(owner, stream.id)).toMatchObject({ status: 'scheduled', hlsUrl: null });

    // A stream id that is no stream at all.
    const none = openIngest(owner, { ...q, streamId: '00000000-0000-4000-8000-000000000000' });
    expect((await none.closed).code).toBe(INGEST_CLOSE.notFound);
  });

  it('refuses a foreign origin, a malformed stream id and a format it does not take, before the upgrade', async () => {
    const owner = await creator();
    const stream = await newStream(owner);
    expect(await openIngest(owner, { streamId: stream.id, mime: MIME }, 'https://evil.example').status).toBe(403);
    expect(await openIngest(owner, { streamId: `${stream.id}' or 1=1`, mime: MIME }).status).toBe(400);
    expect(await openIngest(owner, { streamId: stream.id, mime: 'video/x-flv' }).status).toBe(400);
    expect(await openIngest(owner, { streamId: stream.id }).status).toBe(400);
    expect(await streamOf(owner, stream.id)).toMatchObject({ status: 'scheduled' });
  });

  it('ends the connection of a refused upgrade instead of leaving it open', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()));
    socket.write(
      [
        'GET /api/live/ingest?streamId=00000000-0000-4000-8000-000000000000&mime=video%2Fwebm HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Origin: https://evil.example',
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        '',
        '',
      ].join('\r\n'),
    );
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
    socket.destroy();
  });

  it('cuts off what is not WebM, a frame over 1 MB, and a flood', async () => {
    const owner = await creator();
    const stream = await newStream(owner);
    const q = { streamId: stream.id, mime: MIME };

    const notWebm = openIngest(owner, q);
    await notWebm.status;
    notWebm.ws.send(Buffer.from('FLV\x01 definitely not webm'));
    expect((await notWebm.closed).code).toBe(INGEST_CLOSE.notWebm);

    const huge = openIngest(owner, q);
    await huge.status;
    huge.ws.send(Buffer.alloc(1024 * 1024 + 1));
    expect((await huge.closed).code).toBe(1009); // ws: message too big

    // A real WebM start, then far more than a live stream sends, as fast as the network goes.
    const flood = openIngest(owner, q);
    await waitUntil(
      'the flood socket to be ready',
      async () => flood.messages,
      (m) => m.some((x) => x.type === 'ready'),
    );
    const start = execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=30:duration=1'],
      '-c:v',
      'libvpx',
      '-f',
      'webm',
      'pipe:1',
    ]);
    // Chrome's MediaRecorder sends its first bytes in pieces as small as one byte.
    flood.ws.send(start.subarray(0, 1));
    flood.ws.send(start.subarray(1));
    for (let i = 0; i < 12 && flood.ws.readyState === flood.ws.OPEN; i++) flood.ws.send(randomBytes(900 * 1000));
    expect((await flood.closed).code).toBe(INGEST_CLOSE.tooMuch);
  });
});

describe('going live from the browser', () => {
  it('turns WebM over the socket into live HLS, says so, and ends into a replay when the socket closes', async () => {
    const c = await creator();
    const stream = await newStream(c, 'Camera on');
    const opened = Date.now();
    const socket = openIngest(c, { streamId: stream.id, mime: MIME });
    expect(await socket.status).toBeUndefined();
    const source = webmSource(7);
    const sent = pump(socket.ws, source);

    await waitUntil(
      'the ready message',
      async () => socket.messages,
      (m) => m.some((x) => x.type === 'ready'),
    );
    await waitUntil(
      'the live message',
      async () => socket.messages,
      (m) => m.some((x) => x.type === 'live'),
    );
    const firstSegmentMs = Date.now() - opened;
    console.info(`browser ingest: first HLS segment ${firstSegmentMs} ms after the socket opened`);
    const live = await streamOf(c, stream.id);
    expect(live).toMatchObject({ status: 'live' });
    const playlist = await fetch(base + live.hlsUrl!);
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    const segment = /^(seg-\d{6}\.ts)$/m.exec(text)![1]!;
    const seg = new Uint8Array(await (await fetch(new URL(segment, base + live.hlsUrl!))).arrayBuffer());
    expect(seg[0]).toBe(0x47);

    await sent;
    // Closing the socket is "Stop streaming": the session ends, and after the grace period the stream.
    socket.ws.close(1000);
    const ended = await waitUntil(
      'the stream to end with a replay',
      () => streamOf(c, stream.id),
      (s) => s.status === 'ended' && !!s.recordingVideoId,
    );
    expect(ended).toMatchObject({ hlsUrl: null });
    const replay = await waitUntil(
      'the replay to be ready',
      async () => (await c.get(`/api/videos/${ended.recordingVideoId}`)).json(),
      (v) => v.status === 'ready' || v.status === 'failed',
      60_000,
    );
    expect(replay).toMatchObject({ status: 'ready', title: 'Camera on' });
    expect(replay.durationSeconds).toBeGreaterThanOrEqual(5);

    // An ended stream cannot be taken live again.
    const again = openIngest(c, { streamId: stream.id, mime: MIME });
    expect((await again.closed).code).toBe(INGEST_CLOSE.notFound);
  }, 120_000);

  it('takes a stream without audio (a screen share without a microphone), replay included', async () => {
    const c = await creator();
    const stream = await newStream(c, 'Screen only');
    const socket = openIngest(c, { streamId: stream.id, mime: 'video/webm;codecs=vp8' });
    await socket.status;
    const sent = pump(socket.ws, webmSource(4, false));
    await waitUntil(
      'the live message',
      async () => socket.messages,
      (m) => m.some((x) => x.type === 'live'),
    );
    expect((await streamOf(c, stream.id)).status).toBe('live');
    await sent;
    socket.ws.close(1000);
    const ended = await waitUntil(
      'the stream to end with a replay',
      () => streamOf(c, stream.id),
      (s) => s.status === 'ended' && !!s.recordingVideoId,
    );
    const replay = await waitUntil(
      'the replay to be ready',
      async () => (await c.get(`/api/videos/${ended.recordingVideoId}`)).json(),
      (v) => v.status === 'ready' || v.status === 'failed',
      60_000,
    );
    expect(replay, JSON.stringify(replay)).toMatchObject({ status: 'ready' });
  }, 120_000);

  it('lets a newer connection for the stream replace the older one', async () => {
    const c = await creator();
    const stream = await newStream(c, 'Two tabs');
    const q = { streamId: stream.id, mime: MIME };
    const first = openIngest(c, q);
    await waitUntil(
      'the first to be ready',
      async () => first.messages,
      (m) => m.some((x) => x.type === 'ready'),
    );
    const second = openIngest(c, q);
    await waitUntil(
      'the second to be ready',
      async () => second.messages,
      (m) => m.some((x) => x.type === 'ready'),
    );
    expect((await first.closed).code).toBe(INGEST_CLOSE.replaced);
    expect(second.ws.readyState).toBe(WebSocket.OPEN);
    second.ws.close(1000);
    await second.closed;
    // Nothing was sent: after the grace period the stream ends, with no replay to make.
    await waitUntil(
      'the stream to end',
      () => streamOf(c, stream.id),
      (s) => s.status === 'ended',
    );
  });
});
