import fp from 'fastify-plugin';
import { registerLive } from './routes.js';

/** Live streams: RTMP and browser ingest, `app.live` for the moderators' screens, the streams' jobs and routes. */
export default fp(registerLive, {
  name: 'glint-live',
  fastify: '5.x',
  // A stream's replay and its clips are videos, transcoded on the videos' queue; a Pump Stream's token is read by the tokens' feature.
  dependencies: ['glint-videos', 'glint-tokens'],
  decorators: { fastify: ['db', 'config', 'auth', 'storage', 'jobs', 'realtime', 'push', 'notifier', 'readCache', 'moderationRegistry', 'pageMeta'] },
});
