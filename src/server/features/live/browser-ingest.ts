import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RawData, WebSocket } from 'ws';
import { BrowserIngestQuerySchema, INGEST_CLOSE, type IngestStatusMessage } from '../../../shared/live/live.js';
import { sessionOf } from '../../access/guards.js';
import { publishersToStop } from '../../access/standing.js';
import type { LiveIngest, PublishedSession } from './routes.js';
import { toFetchHeaders } from '../../platform/http/fetch-headers.js';

/** Limits of one browser publisher; the defaults suit a 2.5 Mbps MediaRecorder with room to spare. */
export interface BrowserIngestLimits {
  /** Sustained rate a publisher may send (token bucket refill), bytes per second: 8 Mbps. */
  bytesPerSecond: number;
  /** Burst above that rate (a slow connection catching up), bytes. */
  burstBytes: number;
  /** Bytes taken before the encoder is running (the socket opens before ffmpeg does). */
  earlyBytes: number;
  /** Bytes waiting for ffmpeg above which the socket stops being read until ffmpeg catches up. */
  pauseBytes: number;
  /** Bytes waiting for ffmpeg at which the publisher is cut off (it keeps up with less than a second). */
  backlogBytes: number;
  /** A publisher sending nothing (or an encoder not reading) for this long is let go. */
  stallMs: number;
  /** Browser publishers one account may have at once (each costs an encoder, about a core). */
  perUser: number;
  /** Connections one account may open per minute (each starts an encoder). */
  opensPerMinute: number;
}

export const DEFAULT_BROWSER_INGEST_LIMITS: BrowserIngestLimits = {
  bytesPerSecond: 1_000_000,
  burstBytes: 4 * 1024 * 1024,
  earlyBytes: 2 * 1024 * 1024,
  pauseBytes: 1024 * 1024,
  backlogBytes: 8 * 1024 * 1024,
  stallMs: 15_000,
  perUser: 2,
  opensPerMinute: 20,
};

const HEARTBEAT_MS = 20_000;
/** Every WebM (and Matroska) file starts with the EBML magic number. */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

const toBuffer = (data: RawData): Buffer => (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data));

/**
 * Going live from the browser: `GET /api/live/ingest?streamId=…&mime=…` upgraded to a WebSocket
 * whose binary messages are MediaRecorder's WebM, written to the same ffmpeg session RTMP feeds.
 *
 * Only the signed-in, verified owner of a stream that has not ended may publish on it (a foreign
 * `Origin` never gets here: `src/server/platform/http/origin.ts` refuses it for every `/api/` upgrade).
 * A newer connection for the stream replaces the older one; closing the socket ends the session,
 * so the grace period and the replay work as they do for OBS. The server answers with small JSON
 * messages (`IngestStatusMessage`) and ends with a close code from `INGEST_CLOSE`.
 */
export function registerBrowserIngest(app: FastifyInstance, publish: LiveIngest['publish'], limits: BrowserIngestLimits = DEFAULT_BROWSER_INGEST_LIMITS) {
  /** The socket publishing each stream, to replace it when a newer one arrives. */
  const byStream = new Map<string, WebSocket>();
  const byUser = new Map<string, Set<WebSocket>>();
  const opens = new Map<string, number[]>();

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/live/ingest', { websocket: true, schema: { hide: true, querystring: BrowserIngestQuerySchema } }, (socket, req) => {
    const { streamId } = req.query;
    let closing = false;
    const close = (code: number, reason: string) => {
      closing = true;
      // A paused socket would never read the browser's answer to the close.
      if (paused) socket.resume();
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
    };
    const send = (message: IngestStatusMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };

    // Handlers are attached at once: media may arrive while the session is being checked.
    let session: PublishedSession | undefined;
    let closed = false;
    let early: Buffer[] | undefined = [];
    let earlyBytes = 0;
    let head = Buffer.alloc(0);
    let tokens = limits.burstBytes;
    let lastRefill = Date.now();
    let lastData = Date.now();
    let paused = false;
    let alive = true;

    const write = (chunk: Buffer) => {
      const input = session!.ingest.input;
      if (input.writableLength > limits.backlogBytes) return close(INGEST_CLOSE.stalled, 'The server could not keep up with your stream');
      // Backpressure: past a second or so of media waiting, stop reading the socket (TCP slows the
      // browser down) until ffmpeg drains; the stall check ends a publisher that stays paused.
      if (!input.write(chunk) && !paused && input.writableLength > limits.pauseBytes) {
        paused = true;
        socket.pause();
        input.once('drain', () => {
          paused = false;
          lastData = Date.now();
          if (!closed && !closing) socket.resume();
        });
      }
    };

    socket.on('message', (data, isBinary) => {
      // Text from the browser carries nothing the server needs; it is ignored.
      if (!isBinary || closed || closing) return;
      const chunk = toBuffer(data);
      const now = Date.now();
      tokens = Math.min(limits.burstBytes, tokens + ((now - lastRefill) / 1000) * limits.bytesPerSecond);
      lastRefill = now;
      tokens -= chunk.length;
      if (tokens < 0) return close(INGEST_CLOSE.tooMuch, 'Too much data for a live stream: lower the quality');
      lastData = now;
      // The first bytes must be WebM's; MediaRecorder may hand them over a byte at a time.
      if (head.length < EBML_MAGIC.length) {
        head = Buffer.concat([head, chunk.subarray(0, EBML_MAGIC.length - head.length)]);
        if (!EBML_MAGIC.subarray(0, head.length).equals(head)) return close(INGEST_CLOSE.notWebm, 'The stream must be WebM');
      }
      if (session) return write(chunk);
      earlyBytes += chunk.length;
      if (earlyBytes > limits.earlyBytes) return close(INGEST_CLOSE.tooMuch, 'Too much data before the stream started');
      early?.push(chunk);
    });

    const timer = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
      // Signing out (or a revoked device) ends the stream too: the session is looked up afresh.
      if (session) {
        void app.auth.api
          .getSession({ headers: toFetchHeaders(req.headers) })
          .then((current) => {
            if (!current) close(INGEST_CLOSE.signedOut, 'Please sign in');
          })
          .catch(() => undefined);
      }
    }, HEARTBEAT_MS);
    const stall = setInterval(() => {
      if (session && Date.now() - lastData > limits.stallMs)
        close(INGEST_CLOSE.stalled, paused ? 'The server could not keep up with your stream' : 'No video arrived');
    }, 1000);
    socket.on('pong', () => (alive = true));

    socket.on('close', () => {
      closed = true;
      early = undefined;
      clearInterval(timer);
      clearInterval(stall);
      if (byStream.get(streamId) === socket) byStream.delete(streamId);
      // Ending the input lets ffmpeg close the playlist and recording; the grace period starts.
      session?.ingest.finish();
    });
    socket.on('error', () => {});

    void (async () => {
      const s = await sessionOf(req).catch(() => null);
      if (!s) return close(INGEST_CLOSE.signedOut, 'Please sign in');
      if (!s.user.emailVerified) return close(INGEST_CLOSE.unverified, 'Email Verification Required');
      const userId = s.user.id;
      // A suspended or banned account, or a stream a moderator removed, does not go live; the reason says which.
      const [cut] = await publishersToStop(app.db, [{ streamId, ownerId: userId }]);
      if (cut) return close(INGEST_CLOSE.restricted, cut.reason);
      const now = Date.now();
      const recent = (opens.get(userId) ?? []).filter((t) => now - t < 60_000);
      const mine = byUser.get(userId) ?? new Set<WebSocket>();
      // A reconnect on a stream already publishing replaces it, so it does not count against the limit.
      const others = [...mine].filter((w) => w !== byStream.get(streamId)).length;
      if (recent.length >= limits.opensPerMinute || others >= limits.perUser) {
        return close(INGEST_CLOSE.tooMany, 'Too many streams at once: wait a moment and try again');
      }
      recent.push(now);
      opens.set(userId, recent);
      // Forget accounts whose last attempt is a minute old, so the map stays small.
      for (const [user, times] of opens) if (now - times[times.length - 1]! > 60_000) opens.delete(user);
      if (closed) return;

      const started = await publish(userId, 'webm', streamId);
      if (!started) return close(INGEST_CLOSE.notFound, 'This stream is not yours, or it has ended');
      if (closed) {
        // The browser left while the encoder was starting: that session ends like any other.
        started.ingest.finish();
        return;
      }
      session = started;
      const previous = byStream.get(streamId);
      byStream.set(streamId, socket);
      if (previous && previous !== socket) previous.close(INGEST_CLOSE.replaced, 'Another connection took over this stream');
      byUser.set(userId, mine.add(socket));
      socket.once('close', () => {
        mine.delete(socket);
        if (!mine.size) byUser.delete(userId);
      });

      void started.ingest.done.then(({ code }) => {
        // Cut off by a moderator's decision, or stopped by a signal: a newer session (another tab,
        // OBS) or the server shutting down.
        if (started.cutOff) close(INGEST_CLOSE.restricted, started.cutOff);
        else if (byStream.get(streamId) !== socket || code === null) close(INGEST_CLOSE.replaced, 'Another connection took over this stream');
        else if (code !== 0) close(INGEST_CLOSE.encoderStopped, 'The stream could not be read');
        else close(INGEST_CLOSE.done, 'Stream ended');
      });
      void started.ready.then((live) => {
        if (live) send({ type: 'live' });
      });

      for (const chunk of early ?? []) write(chunk);
      early = undefined;
      lastData = Date.now();
      send({ type: 'ready', session: started.session });
    })().catch((err: unknown) => {
      app.log.warn({ err }, 'live: browser publish failed');
      close(INGEST_CLOSE.encoderStopped, 'The stream could not start');
    });
  });
}
