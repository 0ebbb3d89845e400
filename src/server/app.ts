import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyContextConfig, type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../shared/platform/product.js';
import fs from 'node:fs';
import path from 'node:path';
import { createAuth, type Auth } from './features/auth/auth.js';
import { liveSessions } from './access/sessions.js';
import { createLeakedPasswordChecker } from './features/auth/leaked-passwords.js';
import { registerRouteGuards, SECURITY_SCHEMES } from './access/guards.js';
import { adminRoutes } from './features/admin/routes.js';
import { registerAuditRoutes } from './features/audit/routes.js';
import { registerRoles } from './features/roles/routes.js';
import { registerVerification } from './features/verification/routes.js';
import { moderationRoutes } from './features/moderation/routes.js';
import { createModerationRegistry, type ModerationRegistry } from './features/moderation/service.js';
import { chatRoutes } from './features/chat/routes.js';
import { authRoutes, meOf } from './features/auth/routes.js';
import { nativeGoogleRoutes } from './features/auth/native-google.js';
import type { Config } from './platform/config.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import fastifyStatic from '@fastify/static';
import { DEMO_SOURCE_QUEUE, makeDemoSource } from './features/videos/demo-media.js';
import type { VideoProcessingEvent } from '../shared/realtime/realtime.js';
import { processVideo } from './features/videos/process-video.js';
import { startJobs, type Jobs } from './platform/jobs/jobs.js';
import { importProviderPicture } from './platform/storage/images.js';
import { cacheControlFor, createLocalStorage, createS3Storage, isPrivateMediaPath, type Storage } from './platform/storage/storage.js';
import { EXPIRE_UPLOADS_QUEUE, expireUnfinishedUploads, registerUploads } from './features/videos/uploads.js';
import { videoRoutes } from './features/videos/routes.js';
import {
  getPublishedVideo,
  listVideos,
  markFailed,
  PRUNE_VIEW_HISTORY_QUEUE,
  pruneViewHistory,
  RELEASE_HELD_VIDEOS_QUEUE,
  releaseHeldVideos,
  TRANSCODE_QUEUE,
} from './features/videos/service.js';
import { getStreamRow } from './features/live/service.js';
import { dropViewerCounts, sweepViewerCounts, writeViewerCounts } from './features/live/viewers.js';
import { registerLive } from './features/live/routes.js';
import { registerPayments } from './features/payments/routes.js';
import { registerTips } from './features/payments/tips.js';
import { registerBounties } from './features/bounties/routes.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { createNotifier, type Notifier } from './features/notifications/service.js';
import { createPush, type Push } from './features/notifications/push.js';
import { registerRealtime, type Realtime } from './platform/realtime/hub.js';
import type { Database, Db } from './platform/db/client.js';
import { healthRoutes } from './features/health/routes.js';
import { homeRoutes } from './features/home/routes.js';
import { leaderboardRoutes } from './features/leaderboards/routes.js';
import { apiSchemaRegistry, describeErrorResponses, registerErrorHandling } from './platform/http/errors.js';
import { loggerOptions } from './platform/http/log.js';
import { registerInputChecks } from './platform/http/input.js';
import { registerOriginChecks } from './platform/http/origin.js';
import { registerAppLinks } from './features/native/app-links.js';
import { registerSecurityHeaders } from './platform/http/security.js';
import { registerRateLimits } from './platform/http/rate-limits.js';
import { createReadCache, registerReadCaching, type ReadCache } from './platform/http/read-cache.js';
import { registerSpa } from './platform/http/spa.js';
import { profileRoutes } from './features/profiles/routes.js';
import { searchRoutes } from './features/search/routes.js';
import { registerX402 } from './features/x402/routes.js';
import { registerSupportChat } from './features/support/routes.js';
import { registerPrivacy } from './features/privacy/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: Database['kind'];
    config: Config;
    auth: Auth;
    mailer: Mailer;
    storage: Storage;
    jobs: Jobs;
    realtime: Realtime;
    push: Push;
    notifier: Notifier;
    readCache: ReadCache;
    moderationRegistry: ModerationRegistry;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** A logger to use instead of a new pino one (tests pass a silent one). */
  logger?: FastifyBaseLogger | boolean;
  /** Where mail goes; by default SMTP when configured, else the outbox under DATA_DIR. */
  mailer?: Mailer;
}

/** Trusts the nearest `hops` proxies in `X-Forwarded-For` (proxy-addr counts from the socket, 0). */
const hopsOf = (hops: number) => (_address: string, index: number) => index < hops;

/** Assembles the HTTP app from the feature plugins; opens nothing and listens on nothing. */
export async function buildApp({ config, database, logger, mailer }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger && typeof logger === 'object'
      ? { loggerInstance: logger }
      : {
          logger: logger === false ? false : loggerOptions(config.logLevel),
        }),
    // Only configured proxies may name the client: a forged X-Forwarded-For would otherwise pick
    // the address that login limits, rate limits and view counts key on.
    trustProxy: typeof config.trustProxy === 'number' ? hopsOf(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // With a certificate: HTTP/2 for browsers (a page's many files over one connection instead
    // of six at a time), HTTP/1.1 on the same port for the rest and for WebSocket upgrades. The
    // routes use Node's compatible request and response, so nothing below depends on which.
    ...(config.tls ? { http2: true as const, https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key } } : {}),
  } as FastifyServerOptions).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('config', config);
  registerErrorHandling(app);
  // Who may call each route and whether its answer may be cached: declared in the route's
  // config, enforced here for every route, and written into the OpenAPI document.
  registerRouteGuards(app);
  registerOriginChecks(app, config.publicUrl, config.native.origins);
  registerInputChecks(app);
  // Request rate limits counted in the database, so every instance shares them.
  await registerRateLimits(app);

  const mail = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  app.decorate('mailer', mail);
  const leaked = createLeakedPasswordChecker({ rangeApiUrl: config.breachApiUrl });
  // Storage exists before auth: a new Google account's picture is copied into it.
  const storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'media'));
  app.decorate('storage', storage);
  const importAvatar = (userId: string, pictureUrl: string) => importProviderPicture(storage, userId, pictureUrl);
  app.decorate('auth', createAuth({ config, db: database.db, mailer: mail, leaked, log: app.log, importAvatar }));

  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, description: PRODUCT_TAGLINE, version: '0.1.0' },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (route) => documentRoute(createJsonSchemaTransform({ schemaRegistry: apiSchemaRegistry })(route), route.route.config),
    transformObject: (doc) => nullableWithType(describeErrorResponses(createJsonSchemaTransformObject({ schemaRegistry: apiSchemaRegistry })(doc))),
  });
  registerSecurityHeaders(app, config.publicUrl);
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Over plain http (localhost) an upgrade directive would break the docs' own assets.
    transformStaticCSP: (header) => (config.publicUrl.startsWith('https://') ? header : header.replace(/upgrade-insecure-requests;?/, '')),
  });

  // Guests' hot reads from memory; every write drops them here and, over the realtime bus, on
  // every other instance (docs/decisions/017-read-caching.md).
  const readCache = createReadCache({
    ttlMs: config.readCacheMs,
    broadcast: () => void app.realtime.readsChanged().catch((err: unknown) => app.log.warn({ err }, 'read cache: could not tell the other servers')),
  });
  app.decorate('readCache', readCache);
  registerReadCaching(app, readCache);
  const realtime = await registerRealtime(app, database, {
    onReadsChanged: () => readCache.forget(),
    rooms: {
      exists: async (streamId) => Boolean(await getStreamRow(database.db, streamId)),
      writeCounts: (instance, counts) => writeViewerCounts(database.db, instance, counts),
      sweepCounts: (instance) => sweepViewerCounts(database.db, instance),
      dropCounts: (instance) => dropViewerCounts(database.db, instance),
    },
    liveSessions: (ids) => liveSessions(database.db, ids),
  });
  app.decorate('realtime', realtime);
  // A public server pushes only to public addresses; on a laptop a local push service is fine.
  const push = createPush(database.db, config.vapid, { allowPrivateEndpoints: config.localDev });
  app.decorate('push', push);
  app.decorate('notifier', createNotifier(database.db, realtime, push, app.log));
  // The features whose items can be reported register here how moderation finds and removes them.
  app.decorate('moderationRegistry', createModerationRegistry());

  await app.register(healthRoutes);
  await app.register(notificationRoutes);
  await app.register(authRoutes);
  await app.register(nativeGoogleRoutes);
  await app.register(homeRoutes);
  await app.register(leaderboardRoutes);
  await app.register(profileRoutes);
  await app.register(searchRoutes);
  // Pay-per-view over x402: decorates `app.x402`, which the video routes use for priced videos.
  await registerX402(app);
  await app.register(videoRoutes);
  await app.register(chatRoutes);
  await registerMedia(app, config, database);
  // Tips and bounty rewards, verified on chain before they count.
  await registerPayments(app);
  registerTips(app);
  await registerBounties(app);
  await app.register(adminRoutes);
  // Verification badges, roles (with the first admin from ADMIN_EMAILS) and the audit log.
  await registerVerification(app);
  await registerRoles(app);
  await registerAuditRoutes(app);
  // Reports and the moderators' screens (uses app.live, decorated by the media step above).
  await app.register(moderationRoutes);
  // "Your data": the account's export and its deletion (jobs on the queue registerMedia started).
  await registerPrivacy(app);

  // The support chat: help articles and live data, or a configured model fed with them.
  await registerSupportChat(app, { helpDir: config.helpDir, llm: config.llm });

  // The native app's claim on this site's links (Android App Links, iOS universal links).
  await registerAppLinks(app, config.native);

  await registerSpa(app, config.clientDir, {
    sessionOf: meOf,
    posterOf: async (id) => {
      if (id) return (await getPublishedVideo(database.db, id)).thumbnailUrl;
      const [first] = await listVideos(database.db, { kind: 'short', sort: 'newest', limit: 1 });
      return first?.thumbnailUrl ?? null;
    },
  });
  return app;
}

type DocumentedRoute = { schema: FastifySchema; url: string };

/**
 * A route's operation as the document shows it: the success answers its config describes where
 * its schema has none (an empty 204, a redirect, a file), and a wildcard named `path`.
 */
function documentRoute(doc: DocumentedRoute, config: FastifyContextConfig | undefined): DocumentedRoute {
  const schema = doc.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return doc;
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const [status, description] of Object.entries(config?.answers ?? {})) {
    response[status] ??= status === '204' ? { description, type: 'null' } : { description, content: { '*/*': { schema: {} } } };
  }
  schema.response = response;
  const params = schema.params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  if (!doc.url.endsWith('/*') || !params?.properties?.['*']) return doc;
  const { '*': rest, ...named } = params.properties;
  schema.params = { ...params, properties: { ...named, path: rest }, required: params.required?.map((p) => (p === '*' ? 'path' : p)) };
  return { ...doc, url: `${doc.url.slice(0, -1)}:path` };
}

/** OpenAPI 3.0 wants a `type` beside `nullable`: a nullable union (`anyOf`) says it in each branch. */
function nullableWithType<T>(doc: T): T {
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const o = node as Record<string, unknown>;
    if (o.nullable === true && o.type === undefined && Array.isArray(o.anyOf)) {
      delete o.nullable;
      o.anyOf = (o.anyOf as Record<string, unknown>[]).map((branch) => ({ ...branch, nullable: true }));
    }
    Object.values(o).forEach(visit);
  };
  visit(doc);
  return doc;
}

/** Media: storage served at /media/, resumable uploads, and the transcoding worker. */
async function registerMedia(app: FastifyInstance, config: Config, database: Database) {
  const storage = app.storage;
  if (storage.root) {
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      // Pay-per-view media is never public: it is served by the x402 routes to those entitled.
      allowedPath: (pathname) => !isPrivateMediaPath(pathname),
      setHeaders(res, file) {
        res.setHeader('Cache-Control', cacheControlFor(file));
        res.setHeader('Access-Control-Allow-Origin', '*');
        // Cross-Origin-Resource-Policy: cross-origin for /media/ is set with the other security headers.
      },
    });
  }
  const uploadsDir = config.uploadsDir;
  fs.mkdirSync(uploadsDir, { recursive: true });
  // Processing progress reaches the owner's open pages at once, over the realtime socket.
  // A video that becomes ready (or fails) changes the lists guests see: the read cache is dropped.
  const report = (ownerId: string, event: VideoProcessingEvent) => {
    if (event.status !== 'processing') app.readCache.invalidate();
    return app.realtime.publish(ownerId, 'video.processing', event);
  };
  // Background work on the job library: transcoding, demo media, and the upload expiry sweep.
  const jobs = await startJobs(database, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  await jobs.define(TRANSCODE_QUEUE, {
    handler: (data, { signal }) =>
      processVideo({ db: database.db, storage, uploadsDir, log: app.log, limits: config.mediaLimits, report }, String(data.videoId), signal),
    onFinalFailure: (data, error) => markFailed(database.db, String(data.videoId), error, uploadsDir, report),
  });
  await jobs.define(DEMO_SOURCE_QUEUE, {
    handler: (data, { signal }) => makeDemoSource(database.db, jobs, uploadsDir, data, signal),
    onFinalFailure: (data, error) => markFailed(database.db, String(data.videoId), error, uploadsDir),
  });
  const uploadMaxAgeMs = config.mediaLimits.uploadExpiryHours * 3600_000;
  await jobs.define(EXPIRE_UPLOADS_QUEUE, {
    retryLimit: 0,
    handler: async () => {
      const n = await expireUnfinishedUploads(database.db, uploadsDir, uploadMaxAgeMs);
      if (n) app.log.info({ expired: n }, 'unfinished uploads expired');
    },
  });
  await jobs.schedule(EXPIRE_UPLOADS_QUEUE, '*/15 * * * *');
  // A video processed while its owner was suspended is held; it is published within a minute of
  // the suspension's end (or its lifting).
  await jobs.define(RELEASE_HELD_VIDEOS_QUEUE, {
    retryLimit: 0,
    handler: async () => {
      const released = await releaseHeldVideos(database.db, storage);
      if (!released.length) return;
      app.log.info({ released: released.length }, 'held videos published');
      for (const v of released) await report(v.ownerId, { id: v.id, status: 'ready', percent: 100, failureReason: null });
    },
  });
  await jobs.schedule(RELEASE_HELD_VIDEOS_QUEUE, '* * * * *');
  // Views are kept with their time as long as the leaderboards look back; shares while they dedupe.
  await jobs.define(PRUNE_VIEW_HISTORY_QUEUE, {
    retryLimit: 0,
    handler: async () => {
      const n = await pruneViewHistory(database.db);
      if (n) app.log.info({ pruned: n }, 'old view and share rows pruned');
    },
  });
  await jobs.schedule(PRUNE_VIEW_HISTORY_QUEUE, '7 * * * *');
  await registerLive(app, config, uploadsDir);
  // An API-only instance (MEDIA_WORKERS=0) sends jobs; others run them.
  await jobs.work(config.mediaWorkers);
  registerUploads(app, { directory: uploadsDir, maxBytes: config.uploadMaxBytes });
}
