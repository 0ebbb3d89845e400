import { and, asc, eq, ilike, inArray, notExists, or, sql } from 'drizzle-orm';
import { LAST_ADMIN_MESSAGE, type AdminUser, type AppRole, type RoleHolder } from '../../../shared/roles/roles.js';
import { recordAudit } from '../audit/service.js';
import type { Db } from '../../platform/db/client.js';
import { pgErrorCode } from '../../platform/db/errors.js';
import { profiles, user as authUser, userRoles } from '../../platform/db/schema/index.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { escapeLike } from '../../platform/db/like.js';
import { creatorColumns, findProfileByUsername } from '../../access/creator.js';
import { isPlaceholderEmail } from '../wallet/service.js';

/**
 * The lock every removal of an admin role takes (the database's own trigger takes it too, see
 * drizzle/0014): two admins removing each other at once are counted one after the other.
 */
const ADMIN_ROLES_LOCK = 4711001;
/** The SQLSTATE the trigger raises when the last admin would go. */
const LAST_ADMIN_SQLSTATE = 'GL001';

const lastAdmin = () => new HttpError(409, 'last_admin', LAST_ADMIN_MESSAGE);

async function rolesOf(db: Db, userId: string): Promise<AppRole[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.role));
  return rows.map((r) => r.role);
}

export interface RoleChange {
  /** The admin acting; null for the command line and `ADMIN_EMAILS`. */
  actorId: string | null;
  userId: string;
  role: AppRole;
  reason?: string;
}

/**
 * Gives someone a role and writes `role.grant` to the audit log in the same transaction.
 * 409 `already_has_role` when they hold it already.
 */
export async function grantRole(db: Db, change: RoleChange): Promise<AppRole[]> {
  return db.transaction(async (tx) => {
    const before = await rolesOf(tx, change.userId);
    const inserted = await tx.insert(userRoles).values({ userId: change.userId, role: change.role }).onConflictDoNothing().returning({ role: userRoles.role });
    if (!inserted.length) throw new HttpError(409, 'already_has_role', `They are already ${roleName(change.role)}.`);
    return auditRoleChange(tx, change, 'role.grant', before, [...before, change.role].sort());
  });
}

const roleName = (role: AppRole) => (role === 'admin' ? 'an admin' : 'a moderator');

/** The audit entry of a role change, in the caller's transaction; the roles after it come back. */
async function auditRoleChange(tx: Db, change: RoleChange, action: 'role.grant' | 'role.revoke', before: AppRole[], after: AppRole[]): Promise<AppRole[]> {
  await recordAudit(tx, {
    actorId: change.actorId,
    action,
    targetType: 'user',
    targetId: change.userId,
    reason: change.reason ?? '',
    before: { roles: before },
    after: { roles: after },
  });
  return after;
}

/**
 * Takes a role away and writes `role.revoke` to the audit log in the same transaction. The last
 * admin stays (409 `last_admin`): checked here under a transaction lock, and by the database's
 * trigger whatever the caller. 404 `no_such_role` when they do not hold it.
 */
export async function revokeRole(db: Db, change: RoleChange): Promise<AppRole[]> {
  try {
    return await db.transaction(async (tx) => {
      if (change.role === 'admin') await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_ROLES_LOCK})`);
      const before = await rolesOf(tx, change.userId);
      if (change.role === 'admin' && before.includes('admin')) {
        const [others] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(userRoles)
          .where(and(eq(userRoles.role, 'admin'), sql`${userRoles.userId} <> ${change.userId}`));
        if (!others?.n) throw lastAdmin();
      }
      const deleted = await tx
        .delete(userRoles)
        .where(and(eq(userRoles.userId, change.userId), eq(userRoles.role, change.role)))
        .returning({ role: userRoles.role });
      if (!deleted.length) throw new HttpError(404, 'no_such_role', `They are not ${roleName(change.role)}.`);
      return auditRoleChange(
        tx,
        change,
        'role.revoke',
        before,
        before.filter((r) => r !== change.role),
      );
    });
  } catch (err) {
    if (pgErrorCode(err) === LAST_ADMIN_SQLSTATE) throw lastAdmin();
    throw err;
  }
}

/** The profile behind a username (any case), or 404. */
export async function userIdByUsername(db: Db, username: string): Promise<string> {
  const profile = await findProfileByUsername(db, username.replace(/^@/, ''));
  if (!profile) throw notFound('No one has that username.');
  return profile.id;
}

/** Everyone holding a role, admins first, by username. */
export async function listRoleHolders(db: Db): Promise<RoleHolder[]> {
  const rows = await db
    .select({
      userId: userRoles.userId,
      username: profiles.username,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      verificationType: profiles.verificationType,
      role: userRoles.role,
      since: userRoles.createdAt,
    })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .orderBy(asc(userRoles.role), asc(sql`lower(${profiles.username})`));
  return rows.map((r) => ({ ...r, since: r.since.toISOString() }));
}

/** The admins' people search: usernames and display names containing the text, with their roles. */
export async function searchUsers(db: Db, q: string, limit = 20): Promise<AdminUser[]> {
  const text = q.trim().replace(/^@/, '').toLowerCase();
  if (!text) return [];
  const like = `%${escapeLike(text)}%`;
  const rows = await db
    .select(creatorColumns)
    .from(profiles)
    .where(or(ilike(profiles.username, like), ilike(profiles.displayName, like)))
    // Exact and prefix matches of the username first.
    .orderBy(
      sql`case when lower(${profiles.username}) = ${text} then 0 when lower(${profiles.username}) like ${`${escapeLike(text)}%`} then 1 else 2 end`,
      asc(sql`lower(${profiles.username})`),
    )
    .limit(limit);
  if (!rows.length) return [];
  const roles = await db
    .select({ userId: userRoles.userId, role: userRoles.role })
    .from(userRoles)
    .where(
      inArray(
        userRoles.userId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    ...r,
    roles: roles
      .filter((x) => x.userId === r.id)
      .map((x) => x.role)
      .sort(),
  }));
}

/**
 * `ADMIN_EMAILS`: the accounts with one of these emails, confirmed, become admins (once; the
 * audit log says the system did it). `onlyUserId` limits it to one account (at sign-up and
 * confirmation); without it every account is checked (at start-up). Returns who was promoted.
 */
export async function promoteAdminEmails(db: Db, emails: readonly string[], onlyUserId?: string): Promise<string[]> {
  if (!emails.length) return [];
  const candidates = await db
    .select({ id: authUser.id, email: authUser.email })
    .from(authUser)
    .innerJoin(profiles, eq(profiles.id, authUser.id))
    .where(
      and(
        inArray(sql`lower(${authUser.email})`, [...emails]),
        eq(authUser.emailVerified, true),
        onlyUserId ? eq(authUser.id, onlyUserId) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(userRoles)
            .where(and(eq(userRoles.userId, authUser.id), eq(userRoles.role, 'admin'))),
        ),
      ),
    );
  const promoted: string[] = [];
  for (const c of candidates) {
    // A wallet account's placeholder address is nobody's mailbox.
    if (isPlaceholderEmail(c.email)) continue;
    try {
      await grantRole(db, { actorId: null, userId: c.id, role: 'admin', reason: 'ADMIN_EMAILS' });
      promoted.push(c.id);
    } catch (err) {
      // Another instance starting at the same moment got there first.
      if (!(err instanceof HttpError && err.code === 'already_has_role')) throw err;
    }
  }
  return promoted;
}

/**
 * `npm run admin:grant -- <username>`: makes an account an admin from the command line (the
 * audit log's actor is null, the system). Says what it did, or why not.
 */
export async function grantAdminFromCli(db: Db, username: string): Promise<string> {
  const name = username.trim().replace(/^@/, '');
  if (!name) throw new HttpError(400, 'username_required', 'Usage: npm run admin:grant -- <username>');
  const userId = await userIdByUsername(db, name);
  const profile = (await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, userId)))[0]!;
  try {
    await grantRole(db, { actorId: null, userId, role: 'admin', reason: 'npm run admin:grant' });
  } catch (err) {
    if (err instanceof HttpError && err.code === 'already_has_role') return `@${profile.username} is already an admin.`;
    throw err;
  }
  return `@${profile.username} is now an admin.`;
}
