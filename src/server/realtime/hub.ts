import websocket from '@fastify/websocket';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { WebSocket } from 'ws';
import type { RealtimeEventName, RealtimeEvents, RealtimeMessage } from '../../shared/realtime.js';
import type { Database } from '../db/client.js';

const CHANNEL = 'glint_events';
const HEARTBEAT_MS = 25_000;

interface Envelope {
  userId: string;
  event: RealtimeEventName;
  data: unknown;
}

/**
 * The realtime hub. Events are published with Postgres NOTIFY, and every instance LISTENs and
 * delivers them to its own sockets of that user: two servers on one database both deliver.
 */
export interface Realtime {
  publish<K extends RealtimeEventName>(userId: string, event: K, data: RealtimeEvents[K]): Promise<void>;
}

export async function registerRealtime(app: FastifyInstance, database: Database): Promise<Realtime> {
  const sockets = new Map<string, Set<WebSocket>>();
  const deliver = (env: Envelope) => {
    const message = JSON.stringify({ event: env.event, data: env.data });
    for (const ws of sockets.get(env.userId) ?? []) if (ws.readyState === ws.OPEN) ws.send(message);
  };
  const unlisten = await database.listen(CHANNEL, (payload) => {
    try {
      deliver(JSON.parse(payload) as Envelope);
    } catch (err) {
      app.log.warn({ err }, 'realtime: bad payload');
    }
  });

  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  app.get('/api/realtime', { websocket: true, schema: { hide: true } }, async (socket, req) => {
    const session = await app.auth.api.getSession({ headers: fromNodeHeaders(req.headers) }).catch(() => null);
    if (!session) {
      socket.close(4401, 'Please sign in');
      return;
    }
    const userId = session.user.id;
    let set = sockets.get(userId);
    if (!set) sockets.set(userId, (set = new Set()));
    set.add(socket);
    let alive = true;
    socket.on('pong', () => (alive = true));
    const beat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    socket.on('close', () => {
      clearInterval(beat);
      set.delete(socket);
      if (set.size === 0) sockets.delete(userId);
    });
    // Clients only listen; anything they send is ignored.
    socket.on('message', () => {});
    socket.send(JSON.stringify({ event: 'hello', data: { userId } } satisfies RealtimeMessage<'hello'>));
  });

  app.addHook('onClose', async () => {
    await unlisten();
    for (const set of sockets.values()) for (const ws of set) ws.close(1001, 'Server shutting down');
  });

  return {
    async publish(userId, event, data) {
      const payload = JSON.stringify({ userId, event, data } satisfies Envelope);
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    },
  };
}
