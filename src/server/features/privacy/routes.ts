import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteAccountSchema, DeletionStatusSchema, EXPORT_EXPIRED_MESSAGE, ExportStatusSchema, formatDeletionDate } from '../../../shared/privacy/privacy.js';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../../../shared/platform/product.js';
import { userSession } from '../../access/guards.js';
import { emailOf } from '../auth/service.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { isPlaceholderEmail } from '../wallet/service.js';
import { confirmIdentity } from './confirm-identity.js';
import { cancelDeletion, scheduledDeletion, scheduleDeletion, takeCancellationNotice } from './deletion.js';
import { createExport, EXPORT_QUEUE, latestExport, ownExport, toDataExport } from './export.js';
import { privacyMail } from './mails.js';
import type { PrivacyJobs } from './jobs.js';
import { jobsFor } from '../../platform/jobs/jobs.js';

export type AccountMail = (userId: string, mail: Parameters<typeof privacyMail>[0], vars: Omit<Parameters<typeof privacyMail>[1], 'to'>) => Promise<void>;

/** A mail of "Your data" to the account's address. */
export const accountMail =
  (app: FastifyInstance): AccountMail =>
  async (userId, mail, vars) => {
    const email = await emailOf(app.db, userId);
    // A wallet account without an email has nowhere to be told; Settings shows it all the same.
    if (email && !isPlaceholderEmail(email)) await app.mailer.send(privacyMail(mail, { ...vars, to: email }));
  };

/**
 * "Your data" in Settings (docs/product.md): download everything (a background job, a link valid
 * for a day, for its owner only) and delete the account (after the password or a wallet signature
 * and the code, a grace period a sign-in cancels, then a job erases it).
 */
export const privacyRoutes: FastifyPluginAsync = async (app) => {
  const { db, storage, config } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mailTo = accountMail(app);

  r.get(
    '/api/account/export',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['account'],
        summary: 'Your newest data export: preparing (with progress), ready (with its link), failed or expired',
        response: { 200: ExportStatusSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      const row = await latestExport(db, s.user.id);
      return { export: row ? toDataExport(row) : null };
    },
  );

  r.post(
    '/api/account/export',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Prepare a download of your data (one at a time)',

        response: { 202: ExportStatusSchema },
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      const row = await createExport(db, s.user.id);
      await jobsFor<PrivacyJobs>(app.jobs).send(EXPORT_QUEUE, { exportId: row.id });
      return reply.status(202).send({ export: toDataExport(row) });
    },
  );

  r.get(
    '/api/account/exports/:id/download',
    {
      config: { auth: 'user', answers: { 200: 'The export, a ZIP archive (application/zip)' } },
      schema: { tags: ['account'], summary: 'Download your data export (its owner only, for a day)', params: z.object({ id: z.guid() }) },
    },
    async (req, reply) => {
      const s = userSession(req);
      // Someone else's export is answered like one that never existed.
      const row = await ownExport(db, s.user.id, req.params.id);
      if (!row) throw notFound('No such export');
      if (row.status !== 'ready' || !row.storageKey || !row.expiresAt || row.expiresAt <= new Date())
        throw new HttpError(410, 'export_expired', EXPORT_EXPIRED_MESSAGE);
      const file = await storage.read(row.storageKey);
      if (!file) throw new HttpError(410, 'export_expired', EXPORT_EXPIRED_MESSAGE);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${PRODUCT_SLUG}-data-${row.createdAt.toISOString().slice(0, 10)}.zip"`)
        .header('cache-control', 'private, no-store');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );

  r.get(
    '/api/account/deletion',
    {
      config: { auth: 'user', noStore: true },
      schema: { tags: ['account'], summary: 'When your account is to be deleted (null when it is not)', response: { 200: DeletionStatusSchema } },
    },
    async (req) => {
      const s = userSession(req);
      const at = await scheduledDeletion(db, s.user.id);
      return { deleteAfter: at?.toISOString() ?? null };
    },
  );

  r.post(
    '/api/account/deletion',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['account'],
        summary: `Delete your ${PRODUCT_NAME} account after a grace period: your password or a wallet signature, and the code when two-factor is on`,
        body: DeleteAccountSchema,
        response: { 200: DeletionStatusSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      await confirmIdentity(app, s.user.id, req.body, req.ip);
      const deleteAfter = await scheduleDeletion(db, s.user.id);
      await mailTo(s.user.id, 'deletion-scheduled', { url: `${config.publicUrl}/settings`, date: formatDeletionDate(deleteAfter.toISOString()) }).catch(
        (err: unknown) => req.log.warn({ err }, 'deletion mail not sent'),
      );
      return { deleteAfter: deleteAfter.toISOString() };
    },
  );

  r.delete(
    '/api/account/deletion',
    { config: { auth: 'user' }, schema: { tags: ['account'], summary: 'Cancel the deletion of your account', response: { 200: DeletionStatusSchema } } },
    async (req) => {
      const s = userSession(req);
      await cancelDeletion(db, s.user.id);
      return { deleteAfter: null };
    },
  );

  // After a sign-in cancelled the deletion, the app tells the person once and clears the notice.
  r.post(
    '/api/account/deletion/notice',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Whether a sign-in cancelled your account deletion (told once)',

        response: { 200: z.object({ cancelled: z.boolean() }) },
      },
    },
    async (req) => {
      const s = userSession(req);
      return { cancelled: await takeCancellationNotice(db, s.user.id) };
    },
  );
};
