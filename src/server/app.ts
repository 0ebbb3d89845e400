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
import path from 'node:path';
import { createAuth, type Auth } from './features/auth/auth.js';
import { liveSessions } from './access/sessions.js';
import { createLeakedPasswordChecker } from './features/auth/leaked-passwords.js';
import { registerRouteGuards, SECURITY_SCHEMES } from './access/guards.js';
import { createModerationRegistry, type ModerationRegistry } from './features/moderation/service.js';
import type { Config } from './platform/config.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { startJobs, type Jobs } from './platform/jobs/jobs.js';
import { importProviderPicture } from './platform/storage/images.js';
import { dropViewerCounts, streamRoomState, sweepViewerCounts, writeViewerCounts } from './features/live/viewers.js';
import { createNotifier, notificationsChangedBy, notificationsKey, type Notifier } from './features/notifications/service.js';
import { createPush, type Push } from './features/notifications/push.js';
import { registerRealtime, type Realtime } from './platform/realtime/hub.js';
import type { Database, Db } from './platform/db/client.js';
import { apiSchemaRegistry, describeErrorResponses, registerErrorHandling } from './platform/http/errors.js';
import { loggerOptions } from './platform/http/log.js';
import { registerRequestIds, requestIdOf } from './platform/http/request-id.js';
import { registerLoadShedding } from './platform/http/load-shedding.js';
import { registerMetrics } from './platform/http/metrics.js';
import { createLocalStorage, createS3Storage, type Storage } from './platform/storage/storage.js';
import { meOf } from './features/auth/routes.js';
import { getPublishedVideo, listVideos } from './features/videos/service.js';
import admin from './features/admin/feature.js';
import analytics from './features/analytics/feature.js';
import tokens from './features/tokens/feature.js';
import audit from './features/audit/feature.js';
import auth from './features/auth/feature.js';
import bounties from './features/bounties/feature.js';
import chat from './features/chat/feature.js';
import health from './features/health/feature.js';
import home from './features/home/feature.js';
import leaderboards from './features/leaderboards/feature.js';
import live from './features/live/feature.js';
import moderation from './features/moderation/feature.js';
import native from './features/native/feature.js';
import notifications from './features/notifications/feature.js';
import payments from './features/payments/feature.js';
import playlists from './features/playlists/feature.js';
import privacy from './features/privacy/feature.js';
import profiles from './features/profiles/feature.js';
import roles from './features/roles/feature.js';
import search from './features/search/feature.js';
import sharing from './features/sharing/feature.js';
import studio from './features/studio/feature.js';
import support from './features/support/feature.js';
import verification from './features/verification/feature.js';
import videos from './features/videos/feature.js';
import x402 from './features/x402/feature.js';
import { registerInputChecks } from './platform/http/input.js';
import { registerOriginChecks } from './platform/http/origin.js';
import { registerSecurityHeaders } from './platform/http/security.js';
import { registerRateLimits } from './platform/http/rate-limits.js';
import { createReadCache, registerReadCaching, type ReadCache } from './platform/http/read-cache.js';
import { createSessionCache, type SessionCache } from './access/session-cache.js';
import { registerSpa } from './platform/http/spa.js';
import { createPageMetaRegistry, type PageMetaRegistry } from './platform/http/page-meta.js';

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
    sessionCache: SessionCache;
    moderationRegistry: ModerationRegistry;
    pageMeta: PageMetaRegistry;
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
    // One id per request, a proxy's own when it is a safe token (docs/architecture.md, operations).
    requestIdHeader: false,
    genReqId: requestIdOf,
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
  registerRequestIds(app);
  registerErrorHandling(app);
  // For Prometheus: request latency, jobs, event loop and memory (docs/configuration.md, Operations).
  registerMetrics(app, { token: config.metricsToken, jobs: () => app.jobs });
  // Before any other work: a shed request costs the overloaded server almost nothing.
  await registerLoadShedding(app, config.loadShedding);
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
  // Who a request's credentials stand for, kept a few seconds (docs/decisions/026-signed-in-reads.md).
  const sessionCache = createSessionCache({ ttlMs: config.readCacheMs });
  app.decorate('sessionCache', sessionCache);
  // An account or session Better Auth changed (also from a link followed with a GET) is a write.
  const sessionsChanged = () => app.readCache.invalidate();
  app.decorate('auth', createAuth({ config, db: database.db, mailer: mail, leaked, log: app.log, importAvatar, sessionsChanged }));

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
  // Sessions are forgotten with it: a sign-out or a ban is a write (docs/decisions/026-signed-in-reads.md).
  const readCache = createReadCache({
    ttlMs: config.readCacheMs,
    onForget: () => sessionCache.forget(),
    broadcast: () => void app.realtime.readsChanged().catch((err: unknown) => app.log.warn({ err }, 'read cache: could not tell the other servers')),
  });
  app.decorate('readCache', readCache);
  registerReadCaching(app, readCache);
  const realtime = await registerRealtime(app, database, {
    onReadsChanged: () => readCache.forget(),
    onSessionsEnded: () => sessionCache.forget(),
    // A notification made, read or deleted on any server (a job's too): the account's kept list goes.
    onUserEvent: (userId, event) => {
      if (notificationsChangedBy(event)) readCache.drop(notificationsKey(userId));
    },
    rooms: {
      find: (streamId, instance) => streamRoomState(database.db, streamId, instance),
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
  app.decorate(
    'notifier',
    createNotifier(database.db, realtime, push, app.log, (userId) => readCache.drop(notificationsKey(userId))),
  );
  // The features whose items can be reported register here how moderation finds and removes them.
  app.decorate('moderationRegistry', createModerationRegistry());
  // The features whose items have pages say here what those pages are called and how their links preview.
  app.decorate('pageMeta', createPageMetaRegistry());

  // Background work on the job library; each feature defines its own queues.
  const jobs = await startJobs(database, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await jobs.stop();
  });

  // Each feature is a plugin that names the plugins it needs: Fastify refuses an order that breaks
  // them. This is the order the API document lists their routes in.
  await app.register(health);
  await app.register(notifications);
  await app.register(auth);
  await app.register(home);
  await app.register(leaderboards);
  await app.register(profiles);
  await app.register(search);
  await app.register(x402);
  await app.register(videos);
  await app.register(playlists);
  await app.register(analytics);
  await app.register(tokens);
  await app.register(chat);
  await app.register(live);
  await app.register(payments);
  await app.register(bounties);
  await app.register(admin);
  await app.register(verification);
  await app.register(roles);
  await app.register(audit);
  await app.register(moderation);
  await app.register(privacy);
  await app.register(support);
  await app.register(native);
  await app.register(sharing);
  await app.register(studio);
  // An API-only instance (MEDIA_WORKERS=0) sends jobs; others run them, once every queue is defined.
  await jobs.work(config.mediaWorkers);

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
