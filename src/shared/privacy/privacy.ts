import { z } from 'zod';
import { PRODUCT_NAME } from '../platform/product.js';
import { TwoFactorCodeSchema } from '../auth/auth.js';
import { WalletProofSchema } from '../wallet/wallet.js';

/** docs/product.md "Your data": how long a scheduled deletion waits, and a ready export stays. */
export const DELETION_GRACE_DAYS = 14;
export const EXPORT_VALID_HOURS = 24;

/** The files of an export's zip, in the order the job writes them. */
export const EXPORT_FILES = [
  'profile.json',
  'videos.json',
  'comments.json',
  'chat-messages.json',
  'payments.json',
  'follows.json',
  'playlists.json',
  'notifications.json',
] as const;

export { DELETION_CANCELLED_MESSAGE } from './privacy-messages.js';
export const LAST_ADMIN_DELETE_MESSAGE = `${PRODUCT_NAME} needs at least one admin: make someone else an admin before deleting your account.`;
export const WRONG_PASSWORD_MESSAGE = 'Incorrect password';
export const WRONG_WALLET_MESSAGE = 'This wallet is not linked to your account.';
export const CODE_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const WRONG_CODE_MESSAGE = 'Invalid code';
export const EXPORT_BUSY_MESSAGE = 'Your data is already being prepared.';
export const EXPORT_EXPIRED_MESSAGE = 'This download has expired. Ask for a new one in Settings.';

/** Delete my account: the password, or a wallet signature, and the code when two-factor is on. */
export const DeleteAccountSchema = z
  .object({
    password: z.string().min(1).max(100).optional(),
    wallet: WalletProofSchema.optional(),
    code: TwoFactorCodeSchema.optional(),
  })
  .refine((b) => !!b.password || !!b.wallet, { message: 'Enter your password or sign with your wallet', path: ['password'] });
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

/** `GET /api/account/deletion`: when the account goes, or null when no deletion is scheduled. */
export const DeletionStatusSchema = z.object({ deleteAfter: z.string().nullable() });
export type DeletionStatus = z.infer<typeof DeletionStatusSchema>;

export const DataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['preparing', 'ready', 'failed', 'expired']),
  progress: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** The download (signed-in owner only) while it is ready. */
  downloadUrl: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** `GET /api/account/export`: the newest export, or null when there was none. */
export const ExportStatusSchema = z.object({ export: DataExportSchema.nullable() });
export type ExportStatus = z.infer<typeof ExportStatusSchema>;

/** "Your account will be deleted on 10 December 2026". */
export const formatDeletionDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
