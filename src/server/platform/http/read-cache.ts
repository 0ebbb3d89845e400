import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Hot public reads kept in memory (docs/decisions/017-read-caching.md).
 *
 * What a guest sees on the home screen, a watch page, a search or a stream list is the same for
 * every guest, so an answer is kept, keyed by its address, and served without touching the
 * database until something changes it. Correctness rests on one rule: any write drops everything.
 * A write is a successful state-changing API request on any instance (each tells the others over
 * the realtime NOTIFY channel), a video whose processing ends, or a stream status event; what
 * changes without either (view and viewer counts, trending order as time passes, a schedule
 * coming due) is at most `ttlMs` old. Under an address, only answers that are the same for everyone
 * are kept: a guest's, or anyone's to a route that declares no `auth`; a request that carries a
 * session cookie or a bearer token to a route with `auth: 'optional'` is never answered from, nor
 * stored in, it. A signed-in person's own answer is kept under their id (`answerPersonally`), so
 * nothing personal (liked by me, following, my comments) can reach another person through it.
 */
export interface ReadCache {
  /** A kept value for `key`, or `load()`'s (one load at a time per key); kept only if nothing changed meanwhile. */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** The kept answer for `key`, if any and still fresh. */
  peek(key: string): CachedAnswer | undefined;
  /** Keeps an answer computed while the cache was at `generation`, unless it changed since. */
  keep(key: string, answer: CachedAnswer, generation: number): void;
  /** Which state of the data a load starting now sees. */
  readonly generation: number;
  /** Forgets everything here and tells the other instances to do so. */
  invalidate(): void;
  /** Forgets everything here only (a note from another instance). */
  forget(): void;
  /**
   * Forgets one key here, and any load of it under way (a change only one person reads, which is
   * no public write: their place in a video, their notifications read).
   */
  drop(key: string): void;
}

export interface CachedAnswer {
  body: string;
  etag: string;
  contentType: string;
}

interface Entry {
  value: unknown;
  at: number;
}

export interface ReadCacheOptions {
  /** How long an entry may be served at most; 0 turns the cache off. */
  ttlMs: number;
  /** Entries kept at most; the oldest go first (addresses with arbitrary query strings are unbounded). */
  maxEntries?: number;
  now?: () => number;
  /** Tells the other instances (the realtime bus); called on every local invalidation. */
  broadcast?: () => void;
  /** Called whenever everything is forgotten, here or on a note from another instance (what depends on the same writes). */
  onForget?: () => void;
}

export function createReadCache({ ttlMs, maxEntries = 2000, now = Date.now, broadcast, onForget }: ReadCacheOptions): ReadCache {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, { generation: number; promise: Promise<unknown> }>();
  /** How often each key was dropped alone while loading, since everything was last forgotten. */
  const drops = new Map<string, number>();
  let generation = 0;

  const fresh = (key: string): Entry | undefined => {
    const e = entries.get(key);
    if (!e) return undefined;
    if (now() - e.at < ttlMs) return e;
    entries.delete(key);
    return undefined;
  };
  const store = (key: string, value: unknown, startedAt: number, dropsAtStart = drops.get(key) ?? 0) => {
    if (ttlMs <= 0 || startedAt !== generation || (drops.get(key) ?? 0) !== dropsAtStart) return;
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, at: now() });
  };
  const forget = () => {
    generation++;
    entries.clear();
    loading.clear();
    drops.clear();
    onForget?.();
  };

  return {
    get generation() {
      return generation;
    },
    async memo<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = fresh(key);
      if (hit) return hit.value as T;
      const inFlight = loading.get(key);
      if (inFlight && inFlight.generation === generation) return inFlight.promise as Promise<T>;
      const startedAt = generation;
      const dropsAtStart = drops.get(key) ?? 0;
      const promise = load().then((value) => {
        store(key, value, startedAt, dropsAtStart);
        return value;
      });
      loading.set(key, { generation: startedAt, promise });
      try {
        return await promise;
      } finally {
        if (loading.get(key)?.promise === promise) loading.delete(key);
      }
    },
    peek(key) {
      if (ttlMs <= 0) return undefined;
      return fresh(key)?.value as CachedAnswer | undefined;
    },
    keep(key, answer, startedAt) {
      store(key, answer, startedAt);
    },
    invalidate() {
      forget();
      broadcast?.();
    },
    forget,
    drop(key) {
      entries.delete(key);
      // Counted only when a load is under way (what it read may be old); bounded: past as many
      // keys as entries, starting over is as good.
      if (!loading.delete(key)) return;
      drops.set(key, (drops.get(key) ?? 0) + 1);
      if (drops.size > maxEntries) forget();
    },
  };
}

/** A guest: no session cookie and no bearer token (a stale cookie counts as signed in: not cached). */
export function isGuestRequest(req: FastifyRequest): boolean {
  if (req.headers.authorization) return false;
  const cookie = req.headers.cookie;
  return !cookie || !cookie.includes('session_token');
}

/** A strong validator of a body: the same bytes, the same tag. */
export const etagOf = (body: string | Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that change nothing a cached answer holds: a view (counts catch up within the TTL),
 * a playback report (read only by the analytics roll-up), the viewer's place in a video, and their own notifications.
 */
const CHANGES_NO_PUBLIC_READ = /^\/api\/(?:videos\/[^/?]+\/(?:view|progress)(?:\?|$)|analytics\/playback(?:\?|$)|notifications(?:\/|\?|$)|push(?:\/|\?|$))/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer to a guest is kept in the read cache (a GET whose answer depends only on its address and the data). */
    guestCache?: boolean;
  }
  interface FastifyRequest {
    /** Set when this request's answer may be kept: the cache generation when its handler began. */
    cacheGeneration?: number;
    /** Where it is kept, when not under its address alone (a signed-in person's own answer). */
    cacheKey?: string;
  }
}

/** Whether the request's `If-None-Match` names `etag` (weak or strong): the answer may be a 304. */
export const matchesEtag = (req: FastifyRequest, etag: string) => {
  const given = req.headers['if-none-match'];
  return !!given && given.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
};

/**
 * The HTTP side: guests' answers for routes marked `config: { guestCache: true }` come from the
 * cache; every GET answer of the API gets an ETag and a matching `If-None-Match` a 304; and a
 * successful write drops the cache. Registered after the security headers, so a cached answer
 * carries them too.
 */
export function registerReadCaching(app: FastifyInstance, cache: ReadCache): void {
  // Callback hooks: an async one costs every request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (req, reply, done) => {
    const { guestCache, auth } = req.routeOptions.config;
    if (req.method !== 'GET' || !guestCache) return done();
    // A route that declares no `auth` answers everyone alike (access/guards.ts): the signed-in get
    // the kept answer too. One with `auth: 'optional'` answers each person their own.
    if (auth !== undefined && !isGuestRequest(req)) return done();
    const hit = cache.peek(req.url);
    if (hit) return void sendCached(req, reply, hit);
    req.cacheGeneration = cache.generation;
    done();
  });

  app.addHook('onSend', (req, reply, payload, done) => done(null, answerFor(req, reply, payload)));

  /** What leaves: the payload, or '' for a 304; a write drops the cache, a GET gets its ETag (and is kept). */
  function answerFor(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    if (!req.url.startsWith('/api/')) return payload;
    if (!SAFE_METHODS.has(req.method)) {
      // After the handler's writes, before the answer leaves: a read the caller makes next sees them.
      if (reply.statusCode < 400 && !CHANGES_NO_PUBLIC_READ.test(req.url)) cache.invalidate();
      return payload;
    }
    if (req.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('etag')) return payload;
    const etag = etagOf(payload);
    if (req.cacheGeneration !== undefined) {
      cache.keep(
        req.cacheKey ?? req.url,
        { body: payload, etag, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') },
        req.cacheGeneration,
      );
    }
    reply.header('etag', etag);
    if (matchesEtag(req, etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  }
}

/**
 * A signed-in person's own answer to a route whose answer depends only on its address, the data
 * and who asks (docs/decisions/026-signed-in-reads.md): sent from the cache under their id when
 * kept (true: the handler returns `reply`), else marked to be kept under it when it leaves. Every
 * write drops it with the rest.
 */
export function answerPersonally(cache: ReadCache, req: FastifyRequest, reply: FastifyReply, userId: string): boolean {
  if (req.method !== 'GET') return false;
  const key = `user:${userId}\n${req.url}`;
  const hit = cache.peek(key);
  if (hit) {
    void sendCached(req, reply, hit);
    return true;
  }
  req.cacheKey = key;
  req.cacheGeneration = cache.generation;
  return false;
}

function sendCached(req: FastifyRequest, reply: FastifyReply, hit: CachedAnswer) {
  reply.header('etag', hit.etag);
  if (matchesEtag(req, hit.etag)) return reply.code(304).send();
  return reply.header('content-type', hit.contentType).send(hit.body);
}
