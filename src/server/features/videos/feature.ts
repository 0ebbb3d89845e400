import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { cacheControlFor, isPrivateMediaPath } from '../../platform/storage/storage.js';
import { defineVideoJobs } from './jobs.js';
import { registerVideoPages } from './page-meta.js';
import { videoRoutes } from './routes.js';
import { uploadRoutes } from './uploads.js';

/** Videos: their pages and lists, resumable uploads, the transcoding worker, and storage served at /media/. */
export default fp(
  async (app) => {
    const { config, storage } = app;
    fs.mkdirSync(config.uploadsDir, { recursive: true });
    await defineVideoJobs(app);
    registerVideoPages(app);
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
    await app.register(videoRoutes);
    await app.register(uploadRoutes, { directory: config.uploadsDir, maxBytes: config.uploadMaxBytes });
  },
  {
    name: 'glint-videos',
    fastify: '5.x',
    dependencies: ['glint-x402'],
    decorators: { fastify: ['db', 'config', 'auth', 'storage', 'jobs', 'realtime', 'readCache', 'notifier', 'moderationRegistry', 'pageMeta'] },
  },
);
