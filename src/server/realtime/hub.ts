import websocket from '@fastify/websocket';
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { WebSocket } from 'ws';
import { INGEST_MAX_MESSAGE_BYTES } from '../../shared/live.js';
import type { RealtimeEventName, RealtimeEvents, RealtimeMessage } from '../../shared/realtime.js';
import type { Database } from '../db/client.js';
import { session as sessions } from '../db/schema/index.js';

const CHANNEL = 'glint_events';
const HEARTBEAT_MS = 25_000;
/** Open sockets one account may hold on one server (tabs, devices); more are refused. */
export const MAX_SOCKETS_PER_USER = 10;
/** Close codes the client knows: sign in again, or too many tabs (it retries later). */
export const CLOSE_SIGNED_OUT = 4401;
export const CLOSE_TOO_MANY = 4429;

/** An event for a user's sockets, or a note that sessions ended somewhere (every server re-checks). */
type Envelope = { userId: string; event: RealtimeEventName; data: unknown } | { sessionsEnded: true };

interface Connection {
  ws: WebSocket;
  sessionId: string;
}

/**
 * The realtime hub. Events are published with Postgres NOTIFY, and every instance LISTENs and
 * delivers them to its own sockets of that user: two servers on one database both deliver.
 */
export interface Realtime {
  publish<K extends RealtimeEventName>(userId: string, event: K, data: RealtimeEvents[K]): Promise<void>;
  /**
   * Sessions ended (sign-out, a revoked device, a password reset): every server closes the sockets
   * whose session is gone. They are also re-checked on every heartbeat, whatever ended them.
   */
  sessionsEnded(): Promise<void>;
}

export async function registerRealtime(app: FastifyInstance, database: Database): Promise<Realtime> {
  const sockets = new Map<string, Set<Connection>>();
  const deliver = (env: Extract<Envelope, { userId: string }>) => {
    const message = JSON.stringify({ event: env.event, data: env.data });
    for (const c of sockets.get(env.userId) ?? []) if (c.ws.readyState === c.ws.OPEN) c.ws.send(message);
  };
  /** Closes every socket whose session no longer exists or has expired: one query for all of them. */
  const closeEnded = async () => {
    const all = [...sockets.values()].flatMap((set) => [...set]);
    if (!all.length) return;
    const ids = [...new Set(all.map((c) => c.sessionId))];
    const live = await database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date())));
    const alive = new Set(live.map((r) => r.id));
    for (const c of all) if (!alive.has(c.sessionId)) c.ws.close(CLOSE_SIGNED_OUT, 'Session ended');
  };
  const recheck = () => void closeEnded().catch((err: unknown) => app.log.warn({ err }, 'realtime: session check failed'));
  const unlisten = await database.listen(CHANNEL, (payload) => {
    try {
      const env = JSON.parse(payload) as Envelope;
      if ('sessionsEnded' in env) recheck();
      else deliver(env);
    } catch (err) {
      app.log.warn({ err }, 'realtime: bad payload');
    }
  });
  const sessionTimer = setInterval(recheck, HEARTBEAT_MS);
  sessionTimer.unref();

  // One WebSocket server for every socket route: its frame limit is the largest any route takes
  // (a browser's live media, 1 MB); the realtime socket ignores what clients send.
  await app.register(websocket, { options: { maxPayload: INGEST_MAX_MESSAGE_BYTES } });
  // A refused upgrade (a foreign origin, a bad query, no such route) is answered on a socket Node
  // no longer manages: it is ended after the answer, or it stays open and holds the server.
  app.addHook('onResponse', async (req, reply) => {
    if (req.headers.upgrade?.toLowerCase() === 'websocket' && reply.statusCode >= 400) req.raw.socket.end();
  });
  app.get('/api/realtime', { websocket: true, schema: { hide: true } }, async (socket, req) => {
    const session = await app.auth.api.getSession({ headers: fromNodeHeaders(req.headers) }).catch(() => null);
    if (!session) {
      socket.close(CLOSE_SIGNED_OUT, 'Please sign in');
      return;
    }
    const userId = session.user.id;
    let set = sockets.get(userId);
    if (!set) sockets.set(userId, (set = new Set()));
    if (set.size >= MAX_SOCKETS_PER_USER) {
      socket.close(CLOSE_TOO_MANY, 'Too many open connections');
      return;
    }
    const connection: Connection = { ws: socket, sessionId: session.session.id };
    set.add(connection);
    let alive = true;
    socket.on('pong', () => (alive = true));
    const beat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    socket.on('close', () => {
      clearInterval(beat);
      set.delete(connection);
      if (set.size === 0) sockets.delete(userId);
    });
    // Clients only listen; anything they send is ignored.
    socket.on('message', () => {});
    socket.send(JSON.stringify({ event: 'hello', data: { userId } } satisfies RealtimeMessage<'hello'>));
  });

  app.addHook('onClose', async () => {
    clearInterval(sessionTimer);
    await unlisten();
    for (const set of sockets.values()) for (const c of set) c.ws.close(1001, 'Server shutting down');
  });

  return {
    async publish(userId, event, data) {
      const payload = JSON.stringify({ userId, event, data } satisfies Envelope);
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    },
    async sessionsEnded() {
      const payload = JSON.stringify({ sessionsEnded: true } satisfies Envelope);
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    },
  };
}
