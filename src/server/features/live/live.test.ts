import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import net, { type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeMessage, StreamStatusEvent } from '../../../shared/realtime/realtime.js';
import type { StreamDetail } from '../../../shared/live/streams.js';
import type { StreamHealth } from '../../../shared/live/stream-rules.js';
import { buildApp } from '../../app.js';
import { Client, createTestApp, verifiedClient, type TestApp, waitUntil } from '../../test-support/app.js';
import { createRtmpServer, type RtmpLimits } from './rtmp.js';

let t: TestApp;
let base: string;
let n = 0;
const creator = () => verifiedClient(t.app, `live_${++n}`);

beforeAll(async () => {
  t = await createTestApp({ RTMP_PORT: '0', LIVE_GRACE_SECONDS: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** OBS, played by ffmpeg: a test card with a tone, in real time, to `url`. */
function publish(
  url: string,
  seconds: number,
  { audio = true, videoKbps }: { audio?: boolean; videoKbps?: number } = {},
): { child: ChildProcess; exit: Promise<number | null> } {
  const child = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=640x360:rate=30:duration=${seconds}`,
      ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`] : []),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-g',
      '30',
      '-pix_fmt',
      'yuv420p',
      ...(videoKbps ? ['-b:v', `${videoKbps}k`] : []),
      ...(audio ? ['-c:a', 'aac'] : []),
      '-f',
      'flv',
      url,
    ],
    { stdio: 'ignore' },
  );
  return { child, exit: new Promise((resolve) => child.on('close', resolve)) };
}

const streamOf = async (c: Client, id: string) => (await c.get(`/api/streams/${id}`)).json() as StreamDetail;

/** The RTMP handshake a client sends (C0, C1, C2), which the server reads without waiting for its answer. */
const HANDSHAKE = Buffer.concat([Buffer.from([3]), Buffer.alloc(1536, 1), Buffer.alloc(1536, 2)]);

/**
 * A chunk opening a message on each of `streams` chunk streams, each declaring `length` bytes of
 * video (RTMP chunk header type 0), followed by one 128-byte chunk of payload: about 140 bytes
 * sent for each reservation the parser makes.
 */
function hugeMessages(streams: number, length = 0xffffff): Buffer {
  const chunks: Buffer[] = [];
  for (let cid = 2; cid < 2 + streams; cid++) {
    const header = Buffer.alloc(12);
    header[0] = cid; // fmt 0, one-byte basic header (chunk stream ids 2 to 63)
    header.writeUIntBE(length, 4, 3);
    header[7] = 9; // video
    header.writeUInt32LE(1, 8);
    chunks.push(header, Buffer.alloc(128, 7));
  }
  return Buffer.concat(chunks);
}

/** A raw RTMP connection from `from` (any 127.x address is this machine): when it closed, and whether the server closed it. */
function rtmpConnection(port: number, from: string, send?: Buffer) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  socket.on('error', () => {});
  const opened = Date.now();
  let byUs = false;
  const closed = new Promise<{ byServer: boolean; afterMs: number }>((resolve) =>
    socket.on('close', () => resolve({ byServer: !byUs, afterMs: Date.now() - opened })),
  );
  socket.on('connect', () => {
    if (send) socket.write(send);
  });
  // The server's answers are read and dropped, as a client that never publishes would.
  socket.resume();
  let isClosed = false;
  void closed.then(() => (isClosed = true));
  return {
    closed,
    isClosed: () => isClosed,
    close() {
      byUs = true;
      socket.destroy();
    },
  };
}
const { encodeAmf0Cmd } = createRequire(import.meta.url)('node-media-server/src/protocol/amf.js') as { encodeAmf0Cmd(cmd: object): Buffer };
/** One RTMP message on chunk stream `cid`, in chunks of 128 bytes (the size a client starts with). */
function rtmpMessage(cid: number, type: number, streamId: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(12);
  header[0] = cid;
  header.writeUIntBE(payload.length, 4, 3);
  header[7] = type;
  header.writeUInt32LE(streamId, 8);
  const parts: Buffer[] = [header];
  for (let at = 0; at < payload.length; at += 128) {
    if (at > 0) parts.push(Buffer.from([0xc0 | cid]));
    parts.push(payload.subarray(at, at + 128));
  }
  return Buffer.concat(parts);
}
/** What OBS sends to publish `key`: connect to the `live` app, create a stream, publish on it. */
const publishCommands = (key: string) =>
  Buffer.concat([
    rtmpMessage(3, 20, 0, encodeAmf0Cmd({ cmd: 'connect', transId: 1, cmdObj: { app: 'live', tcUrl: 'rtmp://127.0.0.1/live' } })),
    rtmpMessage(3, 20, 0, encodeAmf0Cmd({ cmd: 'createStream', transId: 2, cmdObj: null })),
    rtmpMessage(3, 20, 1, encodeAmf0Cmd({ cmd: 'publish', transId: 3, cmdObj: null, streamName: key, type: 'live' })),
  ]);
/** A video message of `size` bytes (an H.264 keyframe, as far as its first bytes say). */
const videoMessage = (size: number) => rtmpMessage(6, 9, 1, Buffer.concat([Buffer.from([0x17, 0x01, 0, 0, 0]), Buffer.alloc(size - 5, 9)]));

const rtmpPortOf = (app: TestApp['app']) => Number(new URL(app.live.rtmpUrl()!.replace('rtmp:', 'http:')).port);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('stream keys', () => {
  it('are made by their owner only, shown once, and a new one replaces the old', async () => {
    const guest = new Client(t.app);
    expect((await guest.post('/api/live/key', {})).statusCode).toBe(401);
    const c = await creator();
    const before = (await c.get('/api/live/key')).json();
    expect(before).toMatchObject({ hasKey: false, key: null });
    expect(before.server).toMatch(/^rtmp:\/\/localhost:\d+\/live$/);
    const first = (await c.post('/api/live/key', {})).json();
    expect(first.key).toMatch(/^live_[\w-]{32}$/);
    expect((await c.get('/api/live/key')).json()).toMatchObject({ hasKey: true, key: null });
    const second = (await c.post('/api/live/key', {})).json();
    expect(second.key).not.toBe(first.key);
  });
});

describe('RTMP connections without a key', () => {
  it('cannot exhaust memory: huge messages declared on many chunk streams close the connection, memory stays flat and the site answers', async () => {
    const port = rtmpPortOf(t.app);
    const attack = Buffer.concat([HANDSHAKE, hugeMessages(62)]);
    // Warm up what the first connections allocate once, so only the attack is measured.
    const warm = rtmpConnection(port, '127.0.0.1', attack);
    await Promise.race([warm.closed, sleep(2000)]);
    warm.close();
    const before = process.memoryUsage();
    // 32 connections from 8 addresses (under the default caps of 50 and 5 per address), each
    // claiming 62 messages of 16 MB: a billion bytes each if the parser reserved them.
    const flood = Array.from({ length: 32 }, (_, i) => rtmpConnection(port, `127.0.0.${2 + (i % 8)}`, attack));
    const ends = await Promise.race([Promise.all(flood.map((c) => c.closed)), sleep(10_000).then(() => undefined)]);
    const after = process.memoryUsage();
    for (const c of flood) c.close();
    expect(after.rss - before.rss).toBeLessThan(50 * 1024 * 1024);
    expect(ends, 'every connection closed by the server').toBeDefined();
    expect(ends!.every((e) => e.byServer)).toBe(true);
    // Web, API and live share the process: the site still answers.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  }, 60_000);

  it('are limited per address and in all, closed when they do not publish in time, and refused while memory is over the limit', async () => {
    const limits: RtmpLimits = { maxConnections: 3, maxConnectionsPerAddress: 2, publishTimeoutMs: 1500, maxMessageBytes: 8 << 20, maxRssBytes: 0 };
    const published: string[] = [];
    const listen = async (l: RtmpLimits) => {
      const server = createRtmpServer(
        async (key) => {
          published.push(key);
          return undefined;
        },
        { warn: () => {} },
        l,
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { server, port: (server.address() as AddressInfo).port };
    };
    const { server, port } = await listen(limits);
    try {
      // Two from one address are taken; a third from it is closed at once.
      const a1 = rtmpConnection(port, '127.0.0.2', HANDSHAKE);
      const a2 = rtmpConnection(port, '127.0.0.2', HANDSHAKE);
      await sleep(200);
      const a3 = rtmpConnection(port, '127.0.0.2', HANDSHAKE);
      expect((await a3.closed).afterMs).toBeLessThan(1000);
      // Another address is taken until there are three in all; a fourth connection is closed at once.
      const b1 = rtmpConnection(port, '127.0.0.3', HANDSHAKE);
      await sleep(200);
      const c1 = rtmpConnection(port, '127.0.0.4', HANDSHAKE);
      expect((await c1.closed).afterMs).toBeLessThan(1000);
      expect([a1, a2, b1].map((c) => c.isClosed())).toEqual([false, false, false]);
      // None of them publishes: each is closed by the server at the deadline, not before.
      for (const c of [a1, a2, b1]) {
        const end = await c.closed;
        expect(end.byServer).toBe(true);
        expect(end.afterMs).toBeGreaterThanOrEqual(1400);
        expect(end.afterMs).toBeLessThan(5000);
      }
      // Their places are free again.
      const again = rtmpConnection(port, '127.0.0.2', HANDSHAKE);
      await sleep(300);
      expect(again.isClosed()).toBe(false);
      again.close();
      expect(published).toEqual([]);
    } finally {
      server.close();
    }

    // Over the memory limit, a new connection is closed before it is read.
    const full = await listen({ ...limits, maxRssBytes: 1 });
    try {
      const refused = rtmpConnection(full.port, '127.0.0.2', HANDSHAKE);
      expect((await refused.closed).afterMs).toBeLessThan(1000);
    } finally {
      full.server.close();
    }
  }, 30_000);
});

describe('RTMP messages', () => {
  it('may be large once the key is accepted, up to the limit; before it, only commands fit; a chunk size of 0 is refused', async () => {
    // The deadline to publish is far from the refusals' bound below: a refused connection closes at
    // once, one left to the deadline only after 4 s, so a busy machine cannot mistake one for the other.
    const limits: RtmpLimits = { maxConnections: 10, maxConnectionsPerAddress: 10, publishTimeoutMs: 4000, maxMessageBytes: 2 << 20, maxRssBytes: 0 };
    let received = 0;
    const server = createRtmpServer(
      async (key) => {
        if (key !== 'live_good') return undefined;
        const sink = new PassThrough();
        sink.on('data', (b: Buffer) => (received += b.length));
        return { sink, onClose: () => sink.destroy() };
      },
      { warn: () => {} },
      limits,
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      // Before a key: a 100 KB message ends the connection at once, whatever follows.
      const early = rtmpConnection(port, '127.0.0.2', Buffer.concat([HANDSHAKE, videoMessage(100 * 1024), publishCommands('live_good')]));
      expect(await early.closed).toMatchObject({ byServer: true });
      expect((await early.closed).afterMs).toBeLessThan(2500);
      expect(received).toBe(0);
      // A chunk size of 0 would leave the parser stuck: refused.
      const stuck = rtmpConnection(port, '127.0.0.2', Buffer.concat([HANDSHAKE, rtmpMessage(2, 1, 0, Buffer.alloc(4))]));
      expect((await stuck.closed).afterMs).toBeLessThan(2500);

      // With the key: a 1.5 MB keyframe goes through, past the deadline to publish.
      const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.3' });
      socket.resume();
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(Buffer.concat([HANDSHAKE, publishCommands('live_good')]));
      await sleep(4500);
      socket.write(videoMessage(1536 * 1024));
      await waitUntil(
        'the keyframe to reach the encoder',
        async () => received,
        (n) => n > 1536 * 1024,
        5000,
      );
      expect(socket.destroyed).toBe(false);
      // Over RTMP_MAX_MESSAGE_MB: the connection is closed.
      socket.write(videoMessage(3 << 20).subarray(0, 4096));
      await Promise.race([closed, sleep(3000).then(() => Promise.reject(new Error('still open')))]);
    } finally {
      server.close();
    }
  }, 30_000);
});

describe('going live over RTMP', () => {
  it('refuses a wrong key: the publisher is cut off and nothing goes live', async () => {
    const c = await creator();
    const stream = (await c.post('/api/streams', { title: 'Not with that key', category: 'Trading' })).json() as StreamDetail;
    const { server } = (await c.get('/api/live/key')).json();
    const port = new URL(server.replace('rtmp:', 'http:')).port;
    const { exit } = publish(`rtmp://127.0.0.1:${port}/live/live_${'x'.repeat(32)}`, 5);
    expect(await exit).not.toBe(0);
    expect(await streamOf(c, stream.id)).toMatchObject({ status: 'scheduled', hlsUrl: null });
  }, 30_000);

  it('takes a publisher without sound live as promptly as one with it', async () => {
    const c = await creator();
    const stream = (await c.post('/api/streams', { title: 'Silent charts', category: 'Trading' })).json() as StreamDetail;
    const { key, server } = (await c.post('/api/live/key', {})).json();
    const port = new URL(server.replace('rtmp:', 'http:')).port;
    // A quiet, low-bitrate picture: a header that promised sound would keep ffmpeg probing for a minute.
    const { child, exit } = publish(`rtmp://127.0.0.1:${port}/live/${key}`, 40, { audio: false, videoKbps: 80 });
    try {
      await waitUntil(
        'the stream to be live',
        () => streamOf(c, stream.id),
        (s) => s.status === 'live' && !!s.hlsUrl,
        20_000,
      );
    } finally {
      child.kill('SIGINT');
      await exit;
    }
  }, 60_000);

  it('turns a publish into live HLS, ends after the publisher stops, and the recording becomes its replay', async () => {
    const c = await creator();
    const fan = await verifiedClient(t.app, `fan_${n}`);
    await fan.request('PUT', `/api/profiles/live_${n}/follow`, {});
    const created = await c.post('/api/streams', { title: 'Charts at dawn', description: 'Live from the desk', category: 'Trading', tags: ['sol'] });
    expect(created.statusCode).toBe(201);
    const stream = created.json() as StreamDetail;
    expect(stream).toMatchObject({ status: 'scheduled', hlsUrl: null });
    const { key, server } = (await c.post('/api/live/key', {})).json();
    const port = new URL(server.replace('rtmp:', 'http:')).port;
    // A guest on the stream's page follows it through the room, without polling.
    const room = new WebSocket(`${base.replace('http:', 'ws:')}/api/realtime`);
    const statuses: StreamStatusEvent[] = [];
    let joined = false;
    room.on('message', (d) => {
      const m = JSON.parse(String(d)) as RealtimeMessage;
      if (m.event === 'hello') room.send(JSON.stringify({ type: 'join', streamId: stream.id }));
      if (m.event === 'stream.joined') joined = true;
      if (m.event === 'stream.status') statuses.push(m.data as StreamStatusEvent);
    });
    await waitUntil(
      'the room to be joined',
      async () => joined,
      (j) => j,
    );
    // The creator's studio hears how the stream arrives; the room never does.
    const studio = new WebSocket(`${base.replace('http:', 'ws:')}/api/realtime`, { headers: { cookie: c.cookie } });
    const health: StreamHealth[] = [];
    studio.on('message', (d) => {
      const m = JSON.parse(String(d)) as RealtimeMessage;
      if (m.event === 'stream.health') health.push(m.data as StreamHealth);
    });
    const roomEvents: string[] = [];
    room.on('message', (d) => roomEvents.push((JSON.parse(String(d)) as RealtimeMessage).event));

    // Long enough for two of the encoder's progress reports on a busy machine.
    const { exit } = publish(`rtmp://127.0.0.1:${port}/live/${key}`, 10);
    const live = await waitUntil(
      'the stream to be live',
      () => streamOf(c, stream.id),
      (s) => s.status === 'live' && !!s.hlsUrl,
      60_000,
    );
    expect(live.startedAt).not.toBeNull();
    // Followers hear of it in the bell, and the notification opens the stream.
    const bell = await waitUntil(
      'the follower to be told',
      async () => (await fan.get('/api/notifications')).json().notifications as { title: string; contentId: string; contentType: string }[],
      (list) => list.length > 0,
    );
    expect(bell[0]).toMatchObject({ title: 'Live now', contentId: stream.id, contentType: 'livestream' });
    // Anyone can watch: the playlist lists segments, and a segment is MPEG-TS.
    const playlist = await fetch(base + live.hlsUrl!);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('cache-control')).toBe('no-cache');
    const text = await playlist.text();
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME');
    const segment = /^(seg-\d{6}\.ts)$/m.exec(text)![1]!;
    const seg = await fetch(new URL(segment, base + live.hlsUrl!));
    expect(seg.status).toBe(200);
    expect(new Uint8Array(await seg.arrayBuffer())[0]).toBe(0x47); // MPEG-TS sync byte
    // Sound and picture start together in every segment: a hole in one track stalls players.
    const second = await waitUntil(
      'a second segment',
      () => fetch(new URL('seg-000001.ts', base + live.hlsUrl!)),
      (r) => r.status === 200,
    );
    const file = path.join(os.tmpdir(), `glint-seg-${stream.id}.ts`);
    fs.writeFileSync(file, new Uint8Array(await second.arrayBuffer()));
    const starts = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,start_time', '-of', 'json', file]).toString();
    const byType = Object.fromEntries(
      (JSON.parse(starts).streams as { codec_type: string; start_time: string }[]).map((x) => [x.codec_type, Number(x.start_time)]),
    );
    expect(Math.abs(byType.audio! - byType.video!)).toBeLessThan(0.1);
    fs.rmSync(file, { force: true });
    // Its card shows a still of the stream as it is now.
    expect(live.thumbnailUrl).toBe(live.hlsUrl!.replace('index.m3u8', 'snapshot.jpg'));
    const still = await waitUntil(
      'the live still',
      () => fetch(base + live.thumbnailUrl!),
      (r) => r.status === 200,
    );
    expect(still.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await still.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
    // Nothing but the stream's own files is served.
    for (const bad of ['..%2f..%2fuploads', 'index.m3u8%00', '..', 'recording.mkv']) {
      expect((await fetch(`${base}/live/${stream.id}/1/${bad}`)).status).toBeGreaterThanOrEqual(400);
    }

    const measured = await waitUntil(
      'the stream’s health',
      // The bytes in are Glint's own count. ffmpeg's frame rate and speed follow its progress,
      // which on a starved machine may stand still for an interval (then the studio says "Falling
      // behind", rightly): they are figures, not a promise of progress here.
      async () => health.filter((h) => h.inputKbps > 0),
      (h) => h.length > 0,
      20_000,
    );
    expect(measured[0]).toMatchObject({ streamId: stream.id, droppedFrames: expect.any(Number), at: expect.any(String) });
    expect(measured[0]!.fps).toBeGreaterThanOrEqual(0);
    expect(measured[0]!.speed).toBeGreaterThanOrEqual(0);
    studio.close();

    expect(await exit).toBe(0);
    const ended = await waitUntil(
      'the stream to end with a replay',
      () => streamOf(c, stream.id),
      (s) => s.status === 'ended' && !!s.recordingVideoId,
      60_000,
    );
    expect(ended).toMatchObject({ hlsUrl: null, viewerCount: 0 });
    expect(ended.endedAt).not.toBeNull();
    const replay = await waitUntil(
      'the replay to be ready',
      async () => (await c.get(`/api/videos/${ended.recordingVideoId}`)).json(),
      (v) => v.status === 'ready' || v.status === 'failed',
      120_000,
    );
    expect(replay).toMatchObject({ status: 'ready', kind: 'long', title: 'Charts at dawn' });
    expect(replay.durationSeconds).toBeGreaterThanOrEqual(6);

    // The room heard each step: live, media arriving, the publisher gone, ended, and the replay.
    const steps = statuses.map((e) => `${e.status}${e.publishing ? '+media' : ''}${e.recordingVideoId ? '+replay' : ''}`);
    expect(steps).toEqual(['live', 'live+media', 'live', 'ended', 'ended+replay']);
    expect(statuses[1]!.hlsUrl).toBe(live.hlsUrl);
    expect(statuses.at(-1)).toMatchObject({ streamId: stream.id, hlsUrl: null, recordingVideoId: ended.recordingVideoId });
    expect(roomEvents).not.toContain('stream.health');
    room.close();
  }, 240_000);
});

describe('a new stream key', () => {
  it('cuts off a publisher still using the old one at once, on the instance that ingests it too: no new segments, the stream ends', async () => {
    // A second instance on the same database, taking RTMP on its own port.
    const second = await buildApp({ config: { ...t.config, instanceName: 'second-ingest' }, database: t.database, logger: false });
    try {
      const c = await creator();
      let { key } = (await c.post('/api/live/key', {})).json() as { key: string };
      // First on this instance, then on the other one: the key is made here both times.
      for (const port of [rtmpPortOf(t.app), rtmpPortOf(second)]) {
        const stream = (await c.post('/api/streams', { title: `Old key, new key on ${port}`, category: 'Trading' })).json() as StreamDetail;
        const { child, exit } = publish(`rtmp://127.0.0.1:${port}/live/${key}`, 60);
        try {
          const live = await waitUntil(
            'the stream to be live',
            () => streamOf(c, stream.id),
            (s) => s.status === 'live' && !!s.hlsUrl,
            30_000,
          );
          const replaced = await c.post('/api/live/key', {});
          expect(replaced.statusCode).toBe(200);
          key = (replaced.json() as { key: string }).key;
          // The publisher is cut off: ffmpeg, publishing for a minute, fails within seconds (well
          // before the sweep every instance makes of its publishers, every 15 s).
          const code = await Promise.race([exit, sleep(4_000).then(() => 'still publishing' as const)]);
          expect(code).not.toBe('still publishing');
          expect(code).not.toBe(0);
          const stopped = await waitUntil(
            'the stream to stop getting media',
            () => streamOf(c, stream.id),
            (s) => !s.hlsUrl,
            10_000,
          );
          expect(stopped.status).not.toBe('scheduled');
          // No new segments.
          const playlist = async () => (await fetch(base + live.hlsUrl!)).text();
          const then = await playlist();
          await sleep(1500);
          expect(await playlist()).toBe(then);
        } finally {
          child.kill('SIGINT');
          await exit;
        }
        // The grace period passes and the stream ends.
        await waitUntil(
          'the stream to end',
          () => streamOf(c, stream.id),
          (s) => s.status === 'ended',
          30_000,
        );
      }
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('a live ladder', () => {
  it('offers lower renditions in a master playlist, keyframes aligned, none as tall as the source', async () => {
    const laddered = await createTestApp({ RTMP_PORT: '0', LIVE_GRACE_SECONDS: '1', LIVE_LADDER: '480,240' });
    try {
      await laddered.app.listen({ port: 0, host: '127.0.0.1' });
      const at = `http://127.0.0.1:${(laddered.app.server.address() as AddressInfo).port}`;
      const c = await verifiedClient(laddered.app, 'ladder_1');
      const stream = (await c.post('/api/streams', { title: 'Three sizes', category: 'Trading' })).json() as StreamDetail;
      const { key, server } = (await c.post('/api/live/key', {})).json();
      const port = new URL(server.replace('rtmp:', 'http:')).port;
      const { child, exit } = publish(`rtmp://127.0.0.1:${port}/live/${key}`, 30);
      try {
        const live = await waitUntil(
          'the stream to be live',
          () => streamOf(c, stream.id),
          (s) => s.status === 'live' && !!s.hlsUrl,
          20_000,
        );
        expect(live.hlsUrl).toMatch(/\/master\.m3u8$/);
        const master = await (await fetch(at + live.hlsUrl!)).text();
        // The source is 640x360: the main rendition is 360p, a 480p rung would only be worse.
        const variants = [...master.matchAll(/RESOLUTION=(\d+x\d+)[^\n]*\n(\S+)/g)].map((m) => [m[1], m[2]]);
        expect(variants).toEqual([
          ['640x360', 'index.m3u8'],
          ['426x240', 'r240.m3u8'],
        ]);
        // Each rendition plays on its own, at its size.
        const rung = await (await fetch(new URL('r240.m3u8', at + live.hlsUrl!))).text();
        const segment = /^(r240-\d{6}\.ts)$/m.exec(rung)![1]!;
        const bytes = new Uint8Array(await (await fetch(new URL(segment, at + live.hlsUrl!))).arrayBuffer());
        const file = path.join(os.tmpdir(), `glint-rung-${stream.id}.ts`);
        fs.writeFileSync(file, bytes);
        const probed = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'json', file]);
        fs.rmSync(file, { force: true });
        expect(JSON.parse(String(probed)).streams[0]).toEqual({ width: 426, height: 240 });
        // Segments of the same number cover the same time in every rendition, so switching is seamless.
        const times = (text: string) => [...text.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
        const main = await (await fetch(at + live.hlsUrl!.replace('master', 'index'))).text();
        expect(Math.abs(times(main)[0]! - times(rung)[0]!)).toBeLessThan(0.05);
      } finally {
        child.kill('SIGINT');
        await exit;
      }
    } finally {
      await laddered.close();
    }
  }, 90_000);
});

describe('clips', () => {
  it('cut the last seconds of a live stream into a vertical short of its creator’s, credited to the clipper, and are refused when they cannot be', async () => {
    const c = await creator();
    const viewer = await verifiedClient(t.app, `clipper_${n}`);
    const stream = (await c.post('/api/streams', { title: 'Clip me', category: 'Gaming' })).json() as StreamDetail;
    const clip = (body: unknown, who: Client = viewer) => who.post(`/api/streams/${stream.id}/clips`, body);
    expect((await clip({ seconds: 15, title: 'Too early' })).statusCode).toBe(409);
    expect((await clip({ seconds: 15, title: 'Guest' }, new Client(t.app))).statusCode).toBe(401);

    const { key, server } = (await c.post('/api/live/key', {})).json();
    const port = new URL(server.replace('rtmp:', 'http:')).port;
    const { exit } = publish(`rtmp://127.0.0.1:${port}/live/${key}`, 14);
    const live = await waitUntil(
      'the stream to be live',
      () => streamOf(c, stream.id),
      (s) => s.status === 'live' && !!s.hlsUrl,
    );
    // At least 8 s of media made (a busy machine encodes slower than the clock): the sequence number
    // of the playlist's first segment plus the segments it lists.
    await waitUntil(
      '8 s of live media',
      async () => {
        const text = await (await fetch(base + live.hlsUrl!)).text();
        const first = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0);
        return (first + (text.match(/\.ts$/gm)?.length ?? 0)) * t.app.config.live.segmentSeconds;
      },
      (seconds) => seconds >= 8,
      30_000,
    );
    for (const bad of [
      { seconds: 10, title: 'x' },
      { seconds: 61, title: 'x' },
      { seconds: 15, title: '' },
    ]) {
      expect((await clip(bad)).statusCode).toBe(400);
    }
    const made = await clip({ seconds: 15, title: 'That moment' });
    expect(made.statusCode).toBe(202);
    const { videoId } = made.json();
    // Five clips every ten minutes per person.
    for (let i = 0; i < 4; i++) expect((await clip({ seconds: 15, title: `More ${i}` })).statusCode).toBe(202);
    const flood = await clip({ seconds: 15, title: 'One too many' });
    expect(flood.statusCode).toBe(429);
    expect(flood.json().message).toBe('You can make 5 clips every 10 minutes. Try again in a few minutes.');

    const short = await waitUntil(
      'the clip to be ready',
      // Processing, it is seen by its owner only: the stream's creator.
      async () => (await c.get(`/api/videos/${videoId}`)).json(),
      (v) => v.status === 'ready' || v.status === 'failed',
      120_000,
    );
    expect(short).toMatchObject({ status: 'ready', kind: 'short', title: 'That moment', description: 'Clipped from the live stream “Clip me”' });
    expect(short.creator.username).toBe(`live_${n}`);
    expect(short.clippedBy).toMatchObject({ username: `clipper_${n}` });
    expect(short.clipOf).toEqual({ id: stream.id, title: 'Clip me' });
    // All the media made before the clip was asked for, not only what the playlist still listed.
    expect(short.durationSeconds).toBeGreaterThanOrEqual(7);
    expect(short.durationSeconds).toBeLessThanOrEqual(16);
    expect(short.width).toBeLessThan(short.height);

    expect(await exit).toBe(0);
  }, 240_000);
});
