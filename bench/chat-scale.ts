// A live chat at scale: one stream's room of 5,000 sockets split over two instances (built
// servers in their own processes, on one PostgreSQL database), measured from the sender's HTTP
// reply to each socket's message; then how fast slow mode, a ban's purge and the chat's rate
// reach the other instance. Run by `npm run bench -- chat` (PostgreSQL on 127.0.0.1:5432).
import pg from 'pg';
import WebSocket from 'ws';
import { inBatches, spawnServer, waitFor200, type ServerProcess } from './server-process.js';

const PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const SOCKETS = 5_000;
const ACCOUNTS = 10;
const SENDERS = 10;
const MESSAGES = 60;

interface Listener {
  ws: WebSocket;
  instance: 'a' | 'b';
}

export interface ChatScaleResult {
  sockets: number;
  perInstance: { a: number; b: number };
  messages: number;
  /** Milliseconds from the send's HTTP reply to each socket's message, every (message, socket) pair. */
  delivery: number[];
  /** Milliseconds from the change's HTTP reply until every socket of the other instance was told. */
  slowModeToAll: number;
  purgeToAll: number;
  /** Whether a message sent on the other instance right after was refused: by slow mode, by the ban, by the rate. */
  slowModeHeldElsewhere: boolean;
  banHeldElsewhere: boolean;
  rateHeldElsewhere: boolean;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
export { pct as chatPercentile };

export async function chatScaleBenchmark(): Promise<ChatScaleResult | undefined> {
  const root = new pg.Client({ connectionString: PG_URL });
  try {
    await root.connect();
  } catch {
    console.error('chat: skipped, it needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust)');
    return undefined;
  }
  const dbName = `glint_bench_chat_${Date.now().toString(36)}`;
  await root.query(`create database ${dbName}`);
  const env = {
    DATABASE_URL: PG_URL.replace(/\/postgres$/, `/${dbName}`),
    SESSION_SECRET: 'bench-chat-instances-share-this-secret-0123456789',
    SEED: 'none',
    MEDIA_WORKERS: '0',
    LOGIN_LIMIT_PER_ADDRESS: '1000',
    REALTIME_SOCKETS_PER_USER: String(Math.ceil(SOCKETS / ACCOUNTS)),
  };
  const servers: ServerProcess[] = [];
  const sockets: Listener[] = [];
  try {
    // The first start migrates the database; the second waits for it rather than race it.
    const a = await spawnServer(env);
    servers.push(a);
    await waitFor200(`${a.base}/api/health`, a.spawnedAt, 300_000);
    const b = await spawnServer(env);
    servers.push(b);
    await waitFor200(`${b.base}/api/health`, b.spawnedAt, 300_000);
    const base = { a: a.base, b: b.base };
    console.error('chat: two instances up, making accounts');

    const call = async (on: 'a' | 'b', cookie: string, method: string, url: string, body?: unknown) => {
      const res = await fetch(base[on] + url, {
        method,
        headers: { 'content-type': 'application/json', cookie, origin: base[on] },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    };
    const creator = await a.account('chat_bench_creator');
    const viewers = await inBatches(
      Array.from({ length: ACCOUNTS }, (_, i) => `chat_bench_v${i}`),
      4,
      (n) => a.account(n),
    );
    const senders = await inBatches(
      Array.from({ length: SENDERS }, (_, i) => `chat_bench_s${i}`),
      4,
      (n) => a.account(n),
    );
    const stream = (await call('a', creator, 'POST', '/api/streams', { title: 'Chat at scale', category: 'Trading' })).json as { id: string };
    await root.end();
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    await db.query(`update livestreams set status = 'live', started_at = now() where id = $1`, [stream.id]);

    // The room: half the sockets on each instance, every one joined to the stream.
    const arrivals = new Map<string, number[]>();
    const told = { rules: [] as number[], purged: [] as number[] };
    console.error(`chat: opening ${SOCKETS} sockets`);
    await inBatches(
      Array.from({ length: SOCKETS }, (_, i) => i),
      200,
      (i) =>
        new Promise<void>((resolve, reject) => {
          const instance = i % 2 === 0 ? 'a' : 'b';
          const cookie = viewers[i % ACCOUNTS]!;
          const ws = new WebSocket(`${base[instance].replace('http', 'ws')}/api/realtime`, { headers: { cookie, origin: base[instance] } });
          sockets.push({ ws, instance });
          ws.on('message', (d) => {
            const m = JSON.parse(String(d)) as { event: string; data: { streamId?: string; body?: string } };
            if (m.event === 'hello') ws.send(JSON.stringify({ type: 'join', streamId: stream.id }));
            else if (m.event === 'stream.joined') resolve();
            else if (m.event === 'stream.chat' && m.data.body) arrivals.get(m.data.body)?.push(performance.now());
            else if (m.event === 'stream.chat.rules' && instance === 'b') told.rules.push(performance.now());
            else if (m.event === 'stream.chat.purged' && instance === 'b') told.purged.push(performance.now());
          });
          ws.on('error', reject);
          ws.on('close', (code) => reject(new Error(`socket closed before joining: ${code}`)));
        }),
    );
    await new Promise((r) => setTimeout(r, 1000));

    // Messages sent through instance A, ten senders in turn (one a second each, as the chat allows).
    console.error(`chat: ${MESSAGES} messages to the room`);
    const delivery: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const body = `m${i}`;
      const got: number[] = [];
      arrivals.set(body, got);
      const sent = await call('a', senders[i % SENDERS]!, 'POST', `/api/streams/${stream.id}/chat`, { body });
      const replied = performance.now();
      if (sent.status !== 201) throw new Error(`message ${i}: ${sent.status} ${JSON.stringify(sent.json)}`);
      const until = Date.now() + 10_000;
      while (got.length < SOCKETS && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      if (got.length < SOCKETS) throw new Error(`message ${i} reached ${got.length} of ${SOCKETS} sockets`);
      for (const t of got) delivery.push(t - replied);
      arrivals.delete(body);
      await new Promise((r) => setTimeout(r, 110));
    }

    const allTold = async (list: number[], from: number) => {
      const until = Date.now() + 10_000;
      while (list.length < SOCKETS / 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      return list.length >= SOCKETS / 2 ? Math.max(...list) - from : Number.POSITIVE_INFINITY;
    };

    // Slow mode, set on A: B's sockets are told, and a second message on B is held back at once.
    await new Promise((r) => setTimeout(r, 1100));
    // Someone who has not written yet (slow mode counts from one's last message in the stream).
    const chatter = viewers[0]!;
    const setSlow = await call('a', creator, 'PUT', `/api/streams/${stream.id}/chat/rules`, { slowSeconds: 30 });
    const slowAt = performance.now();
    if (setSlow.status !== 200) throw new Error(`slow mode: ${setSlow.status}`);
    const first = await call('b', chatter, 'POST', `/api/streams/${stream.id}/chat`, { body: 'before the wait' });
    await new Promise((r) => setTimeout(r, 1100));
    const second = await call('b', chatter, 'POST', `/api/streams/${stream.id}/chat`, { body: 'too soon' });
    const slowModeToAll = await allTold(told.rules, slowAt);
    await call('a', creator, 'PUT', `/api/streams/${stream.id}/chat/rules`, { slowSeconds: null });

    // The rate (one a second) counted across instances: A then B at once.
    const racer = senders[1]!;
    await new Promise((r) => setTimeout(r, 1100));
    const onA = await call('a', racer, 'POST', `/api/streams/${stream.id}/chat`, { body: 'first on A' });
    const onB = await call('b', racer, 'POST', `/api/streams/${stream.id}/chat`, { body: 'then on B' });

    // A ban on A: its purge reaches B's sockets, and the banned chatter is refused on B.
    const banned = senders[2]!;
    const bannedId = ((await call('a', banned, 'GET', '/api/me')).json as { user: { id: string } }).user.id;
    const ban = await call('a', creator, 'POST', `/api/streams/${stream.id}/chat/timeouts`, { userId: bannedId, seconds: null });
    const banAt = performance.now();
    if (ban.status !== 200) throw new Error(`ban: ${ban.status}`);
    const afterBan = await call('b', banned, 'POST', `/api/streams/${stream.id}/chat`, { body: 'still here?' });
    const purgeToAll = await allTold(told.purged, banAt);
    await db.end();

    return {
      sockets: sockets.length,
      perInstance: { a: sockets.filter((s) => s.instance === 'a').length, b: sockets.filter((s) => s.instance === 'b').length },
      messages: MESSAGES,
      delivery,
      slowModeToAll,
      purgeToAll,
      slowModeHeldElsewhere: first.status === 201 && second.status === 429,
      banHeldElsewhere: afterBan.status === 403,
      rateHeldElsewhere: onA.status === 201 && onB.status === 429,
    };
  } finally {
    sockets.forEach((s) => s.ws.terminate());
    await Promise.all(servers.map((s) => s.stop()));
    const cleanup = new pg.Client({ connectionString: PG_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${dbName} with (force)`);
    await cleanup.end();
  }
}
