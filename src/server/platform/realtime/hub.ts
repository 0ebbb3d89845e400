import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { MAX_ROOMS_PER_SOCKET, RealtimeClientMessageSchema, type RealtimeClientMessage } from '../../../shared/chat/chat.js';
import { INGEST_MAX_MESSAGE_BYTES } from '../../../shared/live/live.js';
import type { RealtimeEventName, RealtimeEvents, RealtimeMessage, StreamEventName } from '../../../shared/realtime/realtime.js';
import { DEFAULT_SOCKET_MESSAGES_PER_WINDOW, DEFAULT_SOCKETS_PER_USER } from '../config.js';
import type { Database } from '../db/client.js';
import { pickSocketProtocol, registerSocketBearer } from './socket-auth.js';
import { toFetchHeaders } from '../http/fetch-headers.js';

const CHANNEL = 'glint_events';
const HEARTBEAT_MS = 25_000;
/** Open sockets one account may hold on one server (tabs, devices); more are refused. */
export const MAX_SOCKETS_PER_USER = DEFAULT_SOCKETS_PER_USER;
/** Guest sockets one address may hold on one server (a household, an office behind one NAT). */
export const MAX_GUEST_SOCKETS_PER_ADDRESS = 20;
/** Messages a socket may send in one window; one more and it is closed. */
export const SOCKET_MESSAGES_PER_WINDOW = DEFAULT_SOCKET_MESSAGES_PER_WINDOW;
export const SOCKET_MESSAGE_WINDOW_MS = 10_000;
/** The largest message a browser sends is a playback report of ~130 bytes; anything much bigger is closed (1009). */
export const SOCKET_MAX_PAYLOAD = 1024;
const rawLength = (raw: RawData) => (Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw.byteLength);
/** A room's viewer count is written and announced at most this often. */
export const VIEWER_FLUSH_MS = 2_000;
/** NOTIFY refuses payloads of 8000 bytes or more; an event that would not fit is dropped and logged. */
const MAX_NOTIFY_BYTES = 7_900;
/** Close codes the client knows: sign in again, or too many tabs (it retries later), or flooding. */
export const CLOSE_SIGNED_OUT = 4401;
export const CLOSE_TOO_MANY = 4429;
export const CLOSE_FLOOD = 4408;

/**
 * An event for a user's sockets, for the sockets in a stream's room, or a note that sessions
 * ended somewhere (every server re-checks).
 */
type Envelope =
  | { userId: string; event: RealtimeEventName; data: unknown }
  | { streamId: string; event: StreamEventName; data: unknown }
  | { sessionsEnded: true }
  | { readsChanged: string }
  | { note: string; data: string; from: string };

/** Who sent a message on a socket, for a feature that handles it (its request is the socket's upgrade). */
export interface SocketClient {
  /** Null for a guest. */
  readonly userId: string | null;
  readonly request: FastifyRequest;
}

/** A playback report sent on a socket (see `RealtimeClientMessageSchema`). */
export type SocketPlaybackReport = Extract<RealtimeClientMessage, { type: 'playback' }>;

interface Connection extends SocketClient {
  ws: WebSocket;
  /** Null for a guest, whose socket only joins stream rooms. */
  userId: string | null;
  sessionId: string | null;
  address: string;
  rooms: Set<string>;
}

/**
 * The realtime hub. Events are published with Postgres NOTIFY, and every instance LISTENs and
 * delivers them to its own sockets: of that user, or in that stream's room. Two servers on one
 * database both deliver.
 */
export interface Realtime {
  publish<K extends RealtimeEventName>(userId: string, event: K, data: RealtimeEvents[K]): Promise<void>;
  /** To every socket, on every server, that joined the stream's room (signed in or guest). */
  publishToStream<K extends StreamEventName>(streamId: string, event: K, data: RealtimeEvents[K]): Promise<void>;
  /**
   * Sessions ended (sign-out, a revoked device, a password reset): every server closes the sockets
   * whose session is gone. They are also re-checked on every heartbeat, whatever ended them.
   */
  sessionsEnded(): Promise<void>;
  /** Public data changed here: every other server drops its read cache (src/server/platform/http/read-cache.ts). */
  readsChanged(): Promise<void>;
  /**
   * A feature's note to its own code on every other server (this one acts on it itself), such as
   * "this creator's stream key was replaced": the handlers registered for `name` with `onNote` run.
   */
  note(name: string, data: string): Promise<void>;
  onNote(name: string, handler: (data: string) => void): void;
  /** Who handles the playback reports players send on their socket (the analytics feature). */
  onPlaybackReport(handler: (from: SocketClient, report: SocketPlaybackReport) => void): void;
}

/** A stream's viewers across every server. */
export type ViewerTotals = RealtimeEvents['stream.viewers'];

/**
 * The stream rooms' store, given by the live feature (the platform imports no feature): a stream
 * as a socket joins it, and this instance's viewer counts, written, refreshed and dropped.
 */
export interface StreamRooms {
  /**
   * The stream a socket asks to join, or undefined if there is none: whether it is live, its peak,
   * and the viewers the other instances count (this instance's are its room's sockets).
   */
  find(streamId: string, instance: string): Promise<{ live: boolean; peak: number; elsewhere: number } | undefined>;
  writeCounts(instance: string, counts: { streamId: string; count: number }[]): Promise<ViewerTotals[]>;
  sweepCounts(instance: string): Promise<ViewerTotals[]>;
  dropCounts(instance: string): Promise<ViewerTotals[]>;
}

export interface RealtimeOptions {
  /** Another server changed public data, or a stream's status changed (the home rows show it). */
  onReadsChanged?: () => void;
  /** An event for one account arrived (from this server or another), before it is sent to its sockets. */
  onUserEvent?: (userId: string, event: string) => void;
  /** Sessions were ended (a ban, a sign-out elsewhere, an erased account) here or on another server. */
  onSessionsEnded?: () => void;
  rooms: StreamRooms;
  /** Of these session ids, those that still exist and have not expired (the auth feature knows). */
  liveSessions(ids: string[]): Promise<string[]>;
}

const send = <K extends RealtimeEventName>(ws: WebSocket, event: K, data: RealtimeEvents[K]) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event, data } satisfies RealtimeMessage<K>));
};

export async function registerRealtime(
  app: FastifyInstance,
  database: Database,
  { onReadsChanged, onUserEvent, onSessionsEnded, rooms: streamRooms, liveSessions }: RealtimeOptions,
): Promise<Realtime> {
  const db = database.db;
  /** This process's name in the viewer-count table: new on every start, so a dead one goes stale. */
  const instance = randomUUID();
  const users = new Map<string, Set<Connection>>();
  const guests = new Map<string, number>();
  const rooms = new Map<string, Set<Connection>>();
  let closing = false;
  const noteHandlers = new Map<string, ((data: string) => void)[]>();
  let onPlayback: ((from: SocketClient, report: SocketPlaybackReport) => void) | undefined;

  const notify = async (env: Envelope) => {
    const payload = JSON.stringify(env);
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      app.log.warn({ event: 'event' in env ? env.event : 'note', bytes: Buffer.byteLength(payload) }, 'realtime: event too large for NOTIFY, dropped');
      return;
    }
    await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
  };

  const deliver = (env: Exclude<Envelope, { sessionsEnded: true } | { readsChanged: string } | { note: string }>) => {
    if (env.event === 'stream.status') {
      onReadsChanged?.();
      // Those who waited in the room of a stream that just went live count from now on: this
      // server writes its share, and the room is told the total.
      if ('streamId' in env && (env.data as RealtimeEvents['stream.status']).status === 'live' && rooms.has(env.streamId)) {
        dirty.add(env.streamId);
        scheduleFlush();
      }
    }
    if ('userId' in env) onUserEvent?.(env.userId, env.event);
    const message = JSON.stringify({ event: env.event, data: env.data });
    const targets = 'userId' in env ? users.get(env.userId) : rooms.get(env.streamId);
    for (const c of targets ?? []) if (c.ws.readyState === c.ws.OPEN) c.ws.send(message);
  };
  /** Closes every socket whose session no longer exists or has expired: one query for all of them. */
  const closeEnded = async () => {
    const all = [...users.values()].flatMap((set) => [...set]);
    if (!all.length) return;
    const ids = [...new Set(all.map((c) => c.sessionId!))];
    const alive = new Set(await liveSessions(ids));
    for (const c of all) if (!alive.has(c.sessionId!)) c.ws.close(CLOSE_SIGNED_OUT, 'Session ended');
  };
  const recheck = () => void closeEnded().catch((err: unknown) => app.log.warn({ err }, 'realtime: session check failed'));

  // Viewer counts: rooms that changed are written (and announced) at most every VIEWER_FLUSH_MS.
  const dirty = new Set<string>();
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let lastFlush = 0;
  let failedFlushes = 0;
  const announce = async (totals: ViewerTotals[]) => {
    for (const t of totals) await notify({ streamId: t.streamId, event: 'stream.viewers', data: t });
  };
  const flush = async () => {
    lastFlush = Date.now();
    const ids = [...dirty];
    dirty.clear();
    let totals: ViewerTotals[];
    try {
      totals = await streamRooms.writeCounts(
        instance,
        ids.map((streamId) => ({ streamId, count: rooms.get(streamId)?.size ?? 0 })),
      );
      failedFlushes = 0;
    } catch (err) {
      // Written again on the next flushes, with whatever the rooms hold by then; not forever (a
      // stream deleted meanwhile would fail every time).
      if (++failedFlushes <= 3) for (const id of ids) dirty.add(id);
      throw err;
    }
    await announce(totals);
  };
  const scheduleFlush = () => {
    if (flushTimer || flushing || closing || !dirty.size) return;
    flushTimer = setTimeout(
      () => {
        flushTimer = undefined;
        flushing = flush()
          .catch((err: unknown) => app.log.warn({ err }, 'realtime: viewer count failed'))
          .finally(() => {
            flushing = undefined;
            scheduleFlush();
          });
      },
      Math.max(0, lastFlush + VIEWER_FLUSH_MS - Date.now()),
    );
  };
  const leaveRoom = (c: Connection, streamId: string) => {
    if (!c.rooms.delete(streamId)) return;
    const room = rooms.get(streamId);
    if (!room?.delete(c)) return;
    if (!room.size) rooms.delete(streamId);
    dirty.add(streamId);
    scheduleFlush();
  };

  const unlisten = await database.listen(CHANNEL, (payload) => {
    try {
      const env = JSON.parse(payload) as Envelope;
      if ('sessionsEnded' in env) {
        onSessionsEnded?.();
        recheck();
      }
      // Its own note this instance has acted on already.
      else if ('readsChanged' in env) {
        if (env.readsChanged !== instance) onReadsChanged?.();
      } else if ('note' in env) {
        if (env.from !== instance) for (const handler of noteHandlers.get(env.note) ?? []) handler(env.data);
      } else deliver(env);
    } catch (err) {
      app.log.warn({ err }, 'realtime: bad payload');
    }
  });
  const heartbeat = setInterval(() => {
    recheck();
    // Keeps this instance's counts fresh, and stops counting those of instances that died.
    void streamRooms
      .sweepCounts(instance)
      .then(announce)
      .catch((err: unknown) => app.log.warn({ err }, 'realtime: viewer sweep failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  /** A join or leave from a socket; anything else (or a malformed one) is answered, not obeyed. */
  const onMessage = async (c: Connection, raw: RawData, isBinary: boolean) => {
    let parsed: unknown;
    try {
      parsed = isBinary ? undefined : JSON.parse(rawText(raw));
    } catch {
      parsed = undefined;
    }
    const msg = RealtimeClientMessageSchema.safeParse(parsed);
    if (!msg.success) return send(c.ws, 'realtime.refused', { code: 'invalid_message', message: 'Send {"type":"join"|"leave","streamId":"<id>"}' });
    if (msg.data.type === 'playback') return onPlayback?.(c, msg.data);
    const { type, streamId } = msg.data;
    if (type === 'leave') return leaveRoom(c, streamId);
    if (c.rooms.has(streamId)) return send(c.ws, 'stream.joined', { streamId });
    if (c.rooms.size >= MAX_ROOMS_PER_SOCKET) {
      return send(c.ws, 'realtime.refused', { code: 'too_many_rooms', message: `At most ${MAX_ROOMS_PER_SOCKET} streams at once`, streamId });
    }
    // Held while the stream is looked up, so joins sent together cannot pass the cap together.
    c.rooms.add(streamId);
    const stream = await streamRooms.find(streamId, instance);
    if (!stream) {
      c.rooms.delete(streamId);
      return send(c.ws, 'realtime.refused', { code: 'unknown_stream', message: 'This stream is not available', streamId });
    }
    // It may have been left, or the socket closed, while the stream was looked up.
    if (!c.rooms.has(streamId) || c.ws.readyState !== c.ws.OPEN) {
      c.rooms.delete(streamId);
      return;
    }
    let room = rooms.get(streamId);
    if (!room) rooms.set(streamId, (room = new Set()));
    room.add(c);
    dirty.add(streamId);
    scheduleFlush();
    send(c.ws, 'stream.joined', { streamId });
    // The count as it stands, this socket included, at once: the room hears it with the next write
    // (within VIEWER_FLUSH_MS), which a page that just opened may not wait for.
    if (stream.live) {
      const viewers = stream.elsewhere + room.size;
      send(c.ws, 'stream.viewers', { streamId, viewers, peak: Math.max(stream.peak, viewers) });
    }
  };

  // One WebSocket server for every socket route: its frame limit is the largest any route takes
  // (a browser's live media, 1 MB); the realtime socket holds its own messages to far less.
  await app.register(websocket, { options: { maxPayload: INGEST_MAX_MESSAGE_BYTES, handleProtocols: pickSocketProtocol } });
  registerSocketBearer(app);
  // A refused upgrade (a foreign origin, a bad query, no such route) is answered on a socket Node
  // no longer manages: it is ended after the answer, or it stays open and holds the server.
  app.addHook('onResponse', (req, reply, done) => {
    if (req.headers.upgrade?.toLowerCase() === 'websocket' && reply.statusCode >= 400) req.raw.socket.end();
    done();
  });
  app.get('/api/realtime', { websocket: true, schema: { hide: true } }, async (socket, req) => {
    socket.on('error', () => {});
    const session = await app.auth.api.getSession({ headers: toFetchHeaders(req.headers) }).catch(() => null);
    // Gone while its session was looked up: its close has passed, so nothing may be counted for it.
    if (socket.readyState !== socket.OPEN) return;
    const userId = session?.user.id ?? null;
    const c: Connection = { ws: socket, userId, request: req, sessionId: session?.session.id ?? null, address: req.ip, rooms: new Set() };
    if (userId) {
      let set = users.get(userId);
      if (!set) users.set(userId, (set = new Set()));
      if (set.size >= app.config.realtimeSocketsPerUser) {
        socket.close(CLOSE_TOO_MANY, 'Too many open connections');
        return;
      }
      set.add(c);
    } else {
      const open = guests.get(c.address) ?? 0;
      if (open >= MAX_GUEST_SOCKETS_PER_ADDRESS) {
        socket.close(CLOSE_TOO_MANY, 'Too many open connections');
        return;
      }
      guests.set(c.address, open + 1);
    }
    let alive = true;
    socket.on('pong', () => (alive = true));
    const beat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    let windowStart = Date.now();
    let inWindow = 0;
    socket.on('message', (raw, isBinary) => {
      if (rawLength(raw) > SOCKET_MAX_PAYLOAD) {
        socket.close(1009, 'Message too big');
        return;
      }
      const now = Date.now();
      if (now - windowStart >= SOCKET_MESSAGE_WINDOW_MS) {
        windowStart = now;
        inWindow = 0;
      }
      if (++inWindow > app.config.realtimeMessagesPerWindow) {
        socket.close(CLOSE_FLOOD, 'Too many messages');
        return;
      }
      void onMessage(c, raw, isBinary).catch((err: unknown) => app.log.warn({ err }, 'realtime: message failed'));
    });
    socket.on('close', () => {
      clearInterval(beat);
      for (const id of [...c.rooms]) leaveRoom(c, id);
      if (userId) {
        const set = users.get(userId);
        set?.delete(c);
        if (set?.size === 0) users.delete(userId);
      } else {
        const open = (guests.get(c.address) ?? 1) - 1;
        if (open > 0) guests.set(c.address, open);
        else guests.delete(c.address);
      }
    });
    send(socket, 'hello', { userId });
  });

  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(heartbeat);
    clearTimeout(flushTimer);
    await flushing;
    for (const set of users.values()) for (const c of set) c.ws.close(1001, 'Server shutting down');
    for (const room of rooms.values()) for (const c of room) c.ws.close(1001, 'Server shutting down');
    // This instance's viewers no longer count; the others are told the new totals.
    await streamRooms
      .dropCounts(instance)
      .then(announce)
      .catch((err: unknown) => app.log.warn({ err }, 'realtime: could not drop viewer counts'));
    await unlisten();
  });

  return {
    async publish(userId, event, data) {
      await notify({ userId, event, data });
    },
    async publishToStream(streamId, event, data) {
      await notify({ streamId, event, data });
    },
    async sessionsEnded() {
      await notify({ sessionsEnded: true });
    },
    async readsChanged() {
      await notify({ readsChanged: instance });
    },
    async note(name, data) {
      await notify({ note: name, data, from: instance });
    },
    onNote(name, handler) {
      noteHandlers.set(name, [...(noteHandlers.get(name) ?? []), handler]);
    },
    onPlaybackReport(handler) {
      onPlayback = handler;
    },
  };
}

function rawText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw as ArrayBuffer).toString('utf8');
}
