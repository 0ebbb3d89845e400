import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../shared/product.js';
import fs from 'node:fs';
import path from 'node:path';
import { createAuth, type Auth } from './auth/auth.js';
import { createLeakedPasswordChecker } from './auth/leaked-passwords.js';
import { adminRoutes } from './admin/routes.js';
import { authRoutes } from './auth/routes.js';
import type { Config } from './config.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import fastifyStatic from '@fastify/static';
import { DEMO_SOURCE_QUEUE, makeDemoSource } from './media/demo-media.js';
import { markFailed, processVideo, TRANSCODE_QUEUE } from './media/process-video.js';
import { startWorker, type Worker } from './media/queue.js';
import { cacheControlFor, createLocalStorage, createS3Storage, type Storage } from './media/storage.js';
import { registerUploads } from './media/uploads.js';
import { videoRoutes } from './videos/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { createNotifier, type Notifier } from './notifications/service.js';
import { createPush, type Push } from './notifications/push.js';
import { registerRealtime, type Realtime } from './realtime/hub.js';
import type { Database, Db } from './db/client.js';
import { healthRoutes } from './health/routes.js';
import { homeRoutes } from './home/routes.js';
import { registerErrorHandling } from './http/errors.js';
import { registerSecurityHeaders } from './http/security.js';
import { registerSpa } from './http/spa.js';
import { profileRoutes } from './profiles/routes.js';
import { searchRoutes } from './search/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: Database['kind'];
    config: Config;
    auth: Auth;
    mailer: Mailer;
    storage: Storage;
    worker: Worker | undefined;
    realtime: Realtime;
    push: Push;
    notifier: Notifier;
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

/** Assembles the HTTP app from the feature plugins; opens nothing and listens on nothing. */
export async function buildApp({ config, database, logger, mailer }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger && typeof logger === 'object'
      ? { loggerInstance: logger }
      : {
          logger:
            logger === false
              ? false
              : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
        }),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('config', config);
  registerErrorHandling(app);

  const mail =
    mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  app.decorate('mailer', mail);
  const leaked = createLeakedPasswordChecker({ rangeApiUrl: config.breachApiUrl });
  app.decorate('auth', createAuth({ config, db: database.db, mailer: mail, leaked, log: app.log }));

  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, description: PRODUCT_TAGLINE, version: '0.1.0' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await registerSecurityHeaders(app, config.publicUrl);
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Over plain http (localhost) an upgrade directive would break the docs' own assets.
    transformStaticCSP: (header) => (config.publicUrl.startsWith('https://') ? header : header.replace(/upgrade-insecure-requests;?/, '')),
  });

  const realtime = await registerRealtime(app, database);
  app.decorate('realtime', realtime);
  const push = createPush(database.db, config.vapid);
  app.decorate('push', push);
  app.decorate('notifier', createNotifier(database.db, realtime, push, app.log));

  await app.register(healthRoutes);
  await app.register(notificationRoutes);
  await app.register(authRoutes);
  await app.register(homeRoutes);
  await app.register(profileRoutes);
  await app.register(searchRoutes);
  await app.register(videoRoutes);
  await registerMedia(app, config, database);
  await app.register(adminRoutes);

  await registerSpa(app, config.clientDir);
  return app;
}

/** Media: storage served at /media/, resumable uploads, and the transcoding worker. */
async function registerMedia(app: FastifyInstance, config: Config, database: Database) {
  const storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'media'));
  app.decorate('storage', storage);
  if (storage.root) {
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders(res, file) {
        res.setHeader('Cache-Control', cacheControlFor(file));
        res.setHeader('Access-Control-Allow-Origin', '*');
      },
    });
  }
  const uploadsDir = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  const worker =
    config.mediaWorkers > 0
      ? startWorker(
          database.db,
          {
            [TRANSCODE_QUEUE]: {
              handler: (payload, { signal }) => processVideo({ db: database.db, storage, uploadsDir, log: app.log }, String(payload.videoId), signal),
              onFinalFailure: (payload, error) => markFailed(database.db, String(payload.videoId), error),
            },
            [DEMO_SOURCE_QUEUE]: {
              handler: (payload, { signal }) => makeDemoSource(database.db, uploadsDir, payload, signal),
              onFinalFailure: (payload, error) => markFailed(database.db, String(payload.videoId), error),
            },
          },
          app.log,
          { concurrency: config.mediaWorkers },
        )
      : undefined;
  app.decorate('worker', worker);
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
  registerUploads(app, { directory: uploadsDir, maxBytes: config.uploadMaxBytes, nudge: () => worker?.nudge() });
}
