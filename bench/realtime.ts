// Notification delivery latency with 1,000 connected sockets: from the HTTP reply of the action
// that causes a notification to the WebSocket message at the recipient. The notification is
// published before the reply is sent, so "from the reply" is usually negative: it arrives first.
// Also: the memory of one server holding 10,000 sockets. Run by `npm run bench` (or `-- realtime`).
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import WebSocket from 'ws';
import { videos } from '../src/server/features/videos/schema.js';
import { MAX_SOCKETS_PER_USER } from '../src/server/platform/realtime/hub.js';
import { inBatches, spawnServer, waitFor200 } from './server-process.js';
import { startBenchApp } from './support.js';

// 1,000 sockets: as many per user as the server allows (a tab each), over enough users.
const SOCKETS_PER_USER = MAX_SOCKETS_PER_USER;
const USERS = 1000 / SOCKETS_PER_USER;
const ACTIONS = 300;

export async function realtimeBenchmark(): Promise<{ sockets: number; samples: number; fromReply: number[]; fromRequest: number[] }> {
  const { base, config, database, account, close } = await startBenchApp({ MEDIA_WORKERS: '0' });
  const host = new URL(base).host;
  const sockets: WebSocket[] = [];
  try {
    const users: { cookie: string; id: string; videoId: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const { call, cookie } = await account(`rt_user_${i}`);
      const me = (await (await call('GET', '/api/me')).json()) as { user: { id: string } };
      const [v] = await database.db
        .insert(videos)
        .values({ ownerId: me.user.id, kind: 'long', title: `Video ${i}`, slug: 'v', category: 'other', status: 'ready', publishedAt: new Date() })
        .returning();
      users.push({ cookie: cookie(), id: me.user.id, videoId: v!.id });
    }

    const waiting = new Map<string, (t: number) => void>();
    await Promise.all(
      users.flatMap((u) =>
        Array.from(
          { length: SOCKETS_PER_USER },
          (_, k) =>
            new Promise<void>((resolve, reject) => {
              const ws = new WebSocket(`ws://${host}/api/realtime`, { headers: { cookie: u.cookie } });
              sockets.push(ws);
              ws.on('message', (d) => {
                const m = JSON.parse(String(d)) as { event: string; data: { message?: string } };
                if (m.event === 'hello') resolve();
                // The first socket of each user reports arrivals; the others receive the same fan-out.
                if (k === 0 && m.event === 'notification.created' && m.data.message) {
                  const token = /#(\d+)/.exec(m.data.message)?.[1];
                  if (token) waiting.get(token)?.(performance.now());
                }
              });
              ws.on('error', reject);
              // A socket the server refuses (too many for one user) fails the run instead of hanging it.
              ws.on('close', (code, reason) => reject(new Error(`socket closed before hello: ${code} ${String(reason)}`)));
            }),
        ),
      ),
    );

    const fromReply: number[] = [];
    const fromRequest: number[] = [];
    for (let i = 0; i < ACTIONS; i++) {
      const actor = users[i % USERS]!;
      const owner = users[(i * 7 + 1) % USERS]!;
      if (actor === owner) continue;
      const token = String(i);
      const arrived = new Promise<number>((r) => waiting.set(token, r));
      // The comment's video title carries the token into the notification message.
      await database.db
        .update(videos)
        .set({ title: `#${token}` })
        .where(eq(videos.id, owner.videoId));
      const tStart = performance.now();
      const res = await fetch(`http://${host}/api/videos/${owner.videoId}/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: actor.cookie, origin: config.publicUrl },
        body: JSON.stringify({ body: 'nice' }),
      });
      const tReply = performance.now();
      if (res.status !== 201) throw new Error(`comment failed: ${res.status}`);
      const tArrive = await arrived;
      waiting.delete(token);
      fromReply.push(tArrive - tReply);
      fromRequest.push(tArrive - tStart);
    }
    return { sockets: sockets.length, samples: fromReply.length, fromReply, fromRequest };
  } finally {
    sockets.forEach((s) => s.terminate());
    await close();
  }
}

/**
 * Memory of one instance holding many sockets: the built server in its own process (so the
 * clients' memory is not counted), `users` accounts each holding `sockets / users` sockets (the
 * per-account limit raised through REALTIME_SOCKETS_PER_USER for this run only).
 */
export async function socketMemoryBenchmark(
  sockets = 10_000,
  users = 10,
): Promise<{ sockets: number; rssIdleMb: number; rssHeldMb: number; openMs: number; fdLimit: string }> {
  const perUser = Math.ceil(sockets / users);
  const server = await spawnServer({ SEED: 'none', MEDIA_WORKERS: '0', REALTIME_SOCKETS_PER_USER: String(perUser) });
  const open: WebSocket[] = [];
  try {
    await waitFor200(`${server.base}/api/health`, server.spawnedAt, 300_000);
    console.error(`realtime: server up, signing in ${users} accounts`);
    const cookies = await inBatches(
      Array.from({ length: users }, (_, i) => `rt_mem_${i}`),
      4,
      (name) => server.account(name),
    );
    await new Promise((r) => setTimeout(r, 1000));
    const rssIdleMb = server.rssMb();
    console.error(`realtime: opening ${sockets} sockets`);
    const host = new URL(server.base).host;
    const t0 = performance.now();
    await inBatches(
      Array.from({ length: sockets }, (_, i) => cookies[i % users]!),
      200,
      (cookie) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`ws://${host}/api/realtime`, { headers: { cookie, origin: server.base } });
          open.push(ws);
          ws.on('message', (d) => {
            if ((JSON.parse(String(d)) as { event: string }).event === 'hello') resolve();
          });
          ws.on('error', reject);
          ws.on('close', (code) => reject(new Error(`socket closed before hello: ${code}`)));
        }),
    );
    const openMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 2000));
    const fdLimit = /Max open files\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/limits`, 'utf8'))?.[1] ?? '?';
    return { sockets: open.length, rssIdleMb, rssHeldMb: server.rssMb(), openMs, fdLimit };
  } finally {
    open.forEach((s) => s.terminate());
    await server.stop();
  }
}
