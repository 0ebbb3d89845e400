// Notification delivery latency with 1,000 connected sockets: from the HTTP reply of the action
// that causes a notification to the WebSocket message at the recipient. The notification is
// published before the reply is sent, so "from the reply" is usually negative: it arrives first.
// Run by `npm run bench`.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { videos } from '../src/server/db/schema/index.js';

const USERS = 50;
const SOCKETS_PER_USER = 20;
const ACTIONS = 300;

export async function realtimeBenchmark(): Promise<{ sockets: number; samples: number; fromReply: number[]; fromRequest: number[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-bench-rt-'));
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none', MEDIA_WORKERS: '0' });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sockets: WebSocket[] = [];
  try {
    const users: { cookie: string; id: string; videoId: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const jar: string[] = [];
      const call = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(`http://${host}${url}`, {
          method,
          redirect: 'manual',
          headers: { 'content-type': 'application/json', origin: config.publicUrl, cookie: jar.join('; ') },
          body: body ? JSON.stringify(body) : undefined,
        });
        for (const c of res.headers.getSetCookie()) jar.push(c.split(';')[0]!);
        return res;
      };
      const email = `rt${i}@example.com`;
      await call('POST', '/api/auth/sign-up/email', { email, username: `rt_user_${i}`, name: '', password: 'Str0ng!Passw0rd' });
      const mail = (await app.mailer.list()).find((m) => m.to === email)!;
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
      await call('GET', link.pathname + link.search);
      const me = (await (await call('GET', '/api/me')).json()) as { user: { id: string } };
      const [v] = await database.db
        .insert(videos)
        .values({ ownerId: me.user.id, kind: 'long', title: `Video ${i}`, slug: 'v', category: 'other', status: 'ready', publishedAt: new Date() })
        .returning();
      users.push({ cookie: jar.join('; '), id: me.user.id, videoId: v!.id });
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
                // The first socket of each user reports arrivals; the other 19 receive the same fan-out.
                if (k === 0 && m.event === 'notification.created' && m.data.message) {
                  const token = /#(\d+)/.exec(m.data.message)?.[1];
                  if (token) waiting.get(token)?.(performance.now());
                }
              });
              ws.on('error', reject);
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
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
