import type { FastifyInstance } from 'fastify';
import { jobsFor } from '../../platform/jobs/jobs.js';
import { eraseDueAccounts } from './deletion.js';
import { downloadPath, EXPORT_EXPIRY_QUEUE, EXPORT_QUEUE, expireExports, markExportFailed, runExport } from './export.js';
import type { AccountMail } from './routes.js';

export const ACCOUNT_DELETION_QUEUE = 'account-deletion';

/** The queues of "Your data" and what each job carries. */
export interface PrivacyJobs {
  [EXPORT_QUEUE]: { exportId: string };
  [EXPORT_EXPIRY_QUEUE]: Record<string, never>;
  [ACCOUNT_DELETION_QUEUE]: Record<string, never>;
}

/** Exports made in the background and expired, and accounts erased once their grace period is over. */
export async function definePrivacyJobs(app: FastifyInstance, mailTo: AccountMail): Promise<void> {
  const { db, storage, config } = app;
  const jobs = jobsFor<PrivacyJobs>(app.jobs);
  await jobs.define(EXPORT_QUEUE, {
    retryLimit: 2,
    handler: (data) =>
      runExport(
        {
          db,
          storage,
          publicUrl: config.publicUrl,
          onReady: (row) => mailTo(row.userId, 'export-ready', { url: `${config.publicUrl}${downloadPath(row.id)}` }),
        },
        String(data.exportId),
      ),
    onFinalFailure: (data) => markExportFailed(db, String(data.exportId)),
  });
  await jobs.define(EXPORT_EXPIRY_QUEUE, {
    retryLimit: 0,
    handler: async () => {
      const n = await expireExports(db, storage);
      if (n) app.log.info({ expired: n }, 'account exports expired and deleted');
    },
  });
  await jobs.schedule(EXPORT_EXPIRY_QUEUE, '*/15 * * * *');
  await jobs.define(ACCOUNT_DELETION_QUEUE, {
    retryLimit: 0,
    handler: async () => {
      const n = await eraseDueAccounts(db, storage, new Date(), app.log);
      if (!n) return;
      app.log.info({ erased: n }, 'accounts deleted after their grace period');
      // Their sessions are gone: the realtime sockets they opened close on every server, and what
      // the servers kept of them (their content in the public reads, their sessions) is dropped.
      app.readCache.invalidate();
      await app.realtime.sessionsEnded();
    },
  });
  await jobs.schedule(ACCOUNT_DELETION_QUEUE, '23 * * * *');
}
