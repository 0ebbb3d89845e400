import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as archiverModule from 'archiver';
import { and, desc, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import { EXPORT_BUSY_MESSAGE, EXPORT_FILES, EXPORT_VALID_HOURS, type DataExport } from '../../../shared/privacy/privacy.js';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../../../shared/platform/product.js';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { channelModerators, chatFilters, chatMessages } from '../chat/schema.js';
import { dataExports } from './schema.js';
import { follows } from '../profiles/schema.js';
import { livestreams } from '../live/schema.js';
import { notifications } from '../notifications/schema.js';
import { payments } from '../payments/schema.js';
import { profileWallets } from '../wallet/schema.js';
import { profiles, user as authUser, userBlocks, userRoles } from '../../access/schema.js';
import { videoComments, videos } from '../videos/schema.js';
import { videoPurchases } from '../x402/schema.js';
import { HttpError } from '../../platform/http/errors.js';
import { exportMedia, type Storage } from '../../platform/storage/storage.js';
import { pgErrorCode } from '../../platform/db/errors.js';
import { isPlaceholderEmail } from '../wallet/service.js';
import { exportPlaylists } from '../playlists/service.js';

/**
 * "Download your data" (docs/product.md "Your data"): a job writes a zip of one JSON file per kind
 * of data (EXPORT_FILES) to private storage under a key the server makes, the row says how far it
 * got, the link is mailed, and it works for its owner for EXPORT_VALID_HOURS; then the file goes.
 */

/**
 * archiver 7 is CommonJS (a function); its installed types describe the class-based 8. The one
 * call this module makes is typed here.
 */
const archiver = ((archiverModule as unknown as { default?: unknown }).default ?? archiverModule) as (
  format: 'zip',
  options?: archiverModule.ArchiverOptions,
) => archiverModule.Archiver;

export const EXPORT_QUEUE = 'account-export';
export const EXPORT_EXPIRY_QUEUE = 'account-export-expiry';
const HOUR_MS = 3_600_000;

type ExportRow = typeof dataExports.$inferSelect;

export const downloadPath = (id: string) => `/api/account/exports/${id}/download`;

export function toDataExport(row: ExportRow, now = new Date()): DataExport {
  const live = row.status === 'ready' && !!row.expiresAt && row.expiresAt > now;
  return {
    id: row.id,
    status: row.status === 'ready' && !live ? 'expired' : row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: live ? downloadPath(row.id) : null,
    sizeBytes: row.sizeBytes,
  };
}

/** Starts an export; one at a time per person (409 while one is prepared). */
export async function createExport(db: Db, userId: string): Promise<ExportRow> {
  try {
    const [row] = await db.insert(dataExports).values({ userId }).returning();
    return row!;
  } catch (err) {
    // The partial unique index: an export of this person is already being prepared.
    if (pgErrorCode(err) === '23505') throw new HttpError(409, 'export_in_progress', EXPORT_BUSY_MESSAGE);
    throw err;
  }
}

export async function latestExport(db: Db, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(1);
  return row;
}

/** The export `id` if it is `userId`'s own; anyone else's is as if it did not exist. */
export async function ownExport(db: Db, userId: string, id: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  return row;
}

/** JSON with bigint amounts (lamports) as strings and dates as ISO text. */
const json = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);

/** These columns of the rows `userId` wrote in `table`, newest first. */
function newestOfUser<T extends PgTable & { userId: PgColumn; createdAt: PgColumn }>(db: Db, table: T, columns: (keyof T & string)[], userId: string) {
  const fields = Object.fromEntries(columns.map((c) => [c, table[c] as PgColumn]));
  return db
    .select(fields)
    .from(table as PgTable)
    .where(eq(table.userId, userId))
    .orderBy(desc(table.createdAt));
}

/** What goes in each file of the zip, read for one person. */
async function collect(db: Db, storage: Storage, publicUrl: string, userId: string, file: (typeof EXPORT_FILES)[number]): Promise<unknown> {
  switch (file) {
    case 'profile.json': {
      const [account] = await db
        .select({
          id: authUser.id,
          email: authUser.email,
          emailVerified: authUser.emailVerified,
          username: authUser.username,
          createdAt: authUser.createdAt,
          twoFactorEnabled: authUser.twoFactorEnabled,
        })
        .from(authUser)
        .where(eq(authUser.id, userId));
      const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
      const wallets = await db
        .select({ walletAddress: profileWallets.walletAddress, linkedAt: profileWallets.createdAt })
        .from(profileWallets)
        .where(eq(profileWallets.userId, userId));
      const roles = await db.select({ role: userRoles.role, since: userRoles.createdAt }).from(userRoles).where(eq(userRoles.userId, userId));
      // The chat settings of their channel: whom they made moderators, their blocked words and allowed domains.
      const moderators = await db
        .select({ username: profiles.username, since: channelModerators.createdAt })
        .from(channelModerators)
        .innerJoin(profiles, eq(profiles.id, channelModerators.userId))
        .where(eq(channelModerators.channelId, userId));
      const [filter] = await db
        .select({ blockedWords: chatFilters.terms, holdForReview: chatFilters.hold, allowedLinkDomains: chatFilters.allowedDomains })
        .from(chatFilters)
        .where(eq(chatFilters.channelId, userId));
      return {
        account: account && { ...account, email: isPlaceholderEmail(account.email) ? null : account.email },
        profile: profile ?? null,
        wallets,
        roles,
        chat: { moderators, ...(filter ?? { blockedWords: [], holdForReview: false, allowedLinkDomains: [] }) },
      };
    }
    case 'videos.json': {
      const own = await db.select().from(videos).where(eq(videos.ownerId, userId)).orderBy(desc(videos.createdAt));
      const streams = await db.select().from(livestreams).where(eq(livestreams.ownerId, userId)).orderBy(desc(livestreams.createdAt));
      const link = (key: string | null) => (key ? new URL(storage.url(key), publicUrl).href : null);
      return {
        videos: own.map(({ sourceKey: _source, thumbnailCandidates: _frames, sprite: _sprite, hlsKey, ...v }) => ({
          ...v,
          page: `${publicUrl}/${v.kind === 'short' ? 'shorts?video=' : `${PRODUCT_SLUG}/`}${v.id}`,
          // A priced video's files are private: its page is the link.
          media: hlsKey && !v.priceMicroUsdc ? link(hlsKey) : null,
        })),
        streams: streams.map(({ liveSession: _session, ingestInstance: _instance, publishing: _publishing, hlsPath: _hls, ...s }) => ({
          ...s,
          page: `${publicUrl}/stream/${s.id}`,
        })),
      };
    }
    case 'comments.json':
      return newestOfUser(db, videoComments, ['id', 'videoId', 'parentId', 'body', 'createdAt', 'editedAt'], userId);
    case 'chat-messages.json':
      return newestOfUser(db, chatMessages, ['id', 'streamId', 'body', 'createdAt', 'deletedAt', 'tipLamports'], userId);
    case 'payments.json': {
      const rows = await db
        .select()
        .from(payments)
        .where(or(eq(payments.payerId, userId), eq(payments.payeeId, userId)))
        .orderBy(desc(payments.createdAt));
      const purchases = await db
        .select()
        .from(videoPurchases)
        .where(
          or(eq(videoPurchases.buyerId, userId), inArray(videoPurchases.videoId, db.select({ id: videos.id }).from(videos).where(eq(videos.ownerId, userId)))),
        )
        .orderBy(desc(videoPurchases.createdAt));
      return {
        tipsAndRewards: rows.map((p) => ({ ...p, direction: p.payerId === userId ? 'sent' : 'received' })),
        purchases: purchases.map((p) => ({ ...p, direction: p.buyerId === userId ? 'bought' : 'sold' })),
      };
    }
    case 'follows.json': {
      const following = await db
        .select({ username: profiles.username, since: follows.createdAt })
        .from(follows)
        .innerJoin(profiles, eq(profiles.id, follows.followeeId))
        .where(eq(follows.followerId, userId));
      const followers = await db
        .select({ username: profiles.username, since: follows.createdAt })
        .from(follows)
        .innerJoin(profiles, eq(profiles.id, follows.followerId))
        .where(eq(follows.followeeId, userId));
      const blocked = await db
        .select({ username: profiles.username, since: userBlocks.createdAt })
        .from(userBlocks)
        .innerJoin(profiles, eq(profiles.id, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, userId));
      return { following, followers, blocked };
    }
    case 'playlists.json':
      return exportPlaylists(db, userId);
    case 'notifications.json':
      return newestOfUser(db, notifications, ['id', 'type', 'title', 'message', 'isRead', 'contentType', 'contentId', 'createdAt'], userId);
  }
}

export interface ExportDeps {
  db: Db;
  storage: Storage;
  publicUrl: string;
  /** Told once the zip is ready: mails the link. */
  onReady?: (row: ExportRow) => Promise<void>;
}

/** The job: writes the zip, one file after another, with the progress on the row. */
export async function runExport({ db, storage, publicUrl, onReady }: ExportDeps, exportId: string, now = () => new Date()): Promise<void> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status !== 'preparing') return;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'glint-export-'));
  const zipFile = path.join(dir, 'data.zip');
  try {
    const zip = archiver('zip', { zlib: { level: 6 } });
    const out = fs.createWriteStream(zipFile);
    const closed = new Promise<void>((resolve, reject) => {
      out.on('close', resolve);
      out.on('error', reject);
      zip.on('error', reject);
    });
    zip.pipe(out);
    zip.append(
      `Your ${PRODUCT_NAME} data, as of ${now().toISOString()}.\n\n${EXPORT_FILES.join('\n')}\n\nEach file is JSON. Amounts in lamports (1 SOL = 1,000,000,000) and micro-USDC are text.\n`,
      { name: 'README.txt' },
    );
    for (const [i, file] of EXPORT_FILES.entries()) {
      zip.append(json(await collect(db, storage, publicUrl, row.userId, file)), { name: file });
      await db
        .update(dataExports)
        .set({ progress: Math.round(((i + 1) / (EXPORT_FILES.length + 1)) * 100) })
        .where(eq(dataExports.id, exportId));
    }
    await zip.finalize();
    await closed;
    // The key is the server's own: the export's id and a fixed name, never anything from a request.
    const key = `${exportMedia(exportId)}/${PRODUCT_SLUG}-data.zip`;
    await storage.putFile(key, zipFile);
    const size = (await fs.promises.stat(zipFile)).size;
    const ready = now();
    const [done] = await db
      .update(dataExports)
      .set({
        status: 'ready',
        progress: 100,
        storageKey: key,
        sizeBytes: size,
        readyAt: ready,
        expiresAt: new Date(ready.getTime() + EXPORT_VALID_HOURS * HOUR_MS),
      })
      .where(eq(dataExports.id, exportId))
      .returning();
    if (done) await onReady?.(done);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export async function markExportFailed(db: Db, exportId: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'preparing')));
}

/** The sweep: deletes the files of exports past their day and marks them expired. */
export async function expireExports(db: Db, storage: Storage, now = new Date()): Promise<number> {
  const old = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), isNotNull(dataExports.expiresAt), lte(dataExports.expiresAt, now)));
  for (const e of old) {
    await storage.deleteAllOf(exportMedia(e.id));
    await db.update(dataExports).set({ status: 'expired', storageKey: null }).where(eq(dataExports.id, e.id));
  }
  return old.length;
}
