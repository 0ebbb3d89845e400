import fp from 'fastify-plugin';
import { cancelDeletion, hasCancellationNotice } from './deletion.js';
import { definePrivacyJobs } from './jobs.js';
import { accountMail, privacyRoutes } from './routes.js';

/** "Your data": the account's export and its deletion, each finished by a job. */
export default fp(
  async (app) => {
    const { db } = app;
    // docs/product.md "Your data": signing in during the grace period cancels a scheduled deletion,
    // and `/api/me` says so until the app has told the person.
    app.auth.signIns.onSignedIn((userId) => cancelDeletion(db, userId, { bySignIn: true }));
    app.auth.signIns.addToMe(async (userId) => ((await hasCancellationNotice(db, userId)) ? { deletionCancelled: true } : {}));
    await definePrivacyJobs(app, accountMail(app));
    await app.register(privacyRoutes);
  },
  { name: 'glint-privacy', fastify: '5.x', decorators: { fastify: ['db', 'config', 'auth', 'storage', 'mailer', 'jobs', 'realtime', 'readCache'] } },
);
