import fp from 'fastify-plugin';
import { nativeGoogleRoutes } from './native-google.js';
import { authRoutes } from './routes.js';

/** Accounts and sessions: Better Auth at /api/auth/*, Glint's own account routes, and the native app's Google sign-in. */
export default fp(
  async (app) => {
    await app.register(authRoutes);
    await app.register(nativeGoogleRoutes);
  },
  { name: 'glint-auth', fastify: '5.x', decorators: { fastify: ['db', 'config', 'auth', 'mailer', 'realtime'] } },
);
