import fp from 'fastify-plugin';
import { definePrivacyJobs } from './jobs.js';
import { accountMail, privacyRoutes } from './routes.js';

/** "Your data": the account's export and its deletion, each finished by a job. */
export default fp(
  async (app) => {
    await definePrivacyJobs(app, accountMail(app));
    await app.register(privacyRoutes);
  },
  { name: 'glint-privacy', fastify: '5.x', decorators: { fastify: ['db', 'config', 'storage', 'mailer', 'jobs', 'realtime'] } },
);
