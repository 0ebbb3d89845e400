import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { profiles, user as authUser } from '../../access/schema.js';
import { notBanned } from '../../access/standing.js';
import { countAndNewest, type CountAndNewest } from '../../platform/db/counts.js';

export async function countProfiles(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles);
  return row?.n ?? 0;
}

/**
 * Is this username in use by a profile or an account, compared without case? `exceptUserId`
 * ignores that person's own (renaming to a different case, a profile being created).
 */
export async function isUsernameTaken(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  const lower = username.trim().toLowerCase();
  const [p] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.username})`, lower))
    .limit(1);
  if (p && p.id !== exceptUserId) return true;
  const [u] = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.username, lower)).limit(1);
  return !!u && u.id !== exceptUserId;
}

export interface NewAccount {
  id: string;
  email?: string | null;
  name?: string | null;
  image?: string | null;
  username?: string | null;
  displayUsername?: string | null;
}

/**
 * docs/product.md §4: the username from the account's metadata, else the email's local part, else
 * `user_` and 8 characters of the id; letters, digits and underscores only, made unique by a
 * number. The display name from the name given at sign-up or by the provider, else 'User'.
 */
export function profileNameCandidates(a: NewAccount): { username: string; displayName: string } {
  const clean = (s: string | null | undefined) => (s ?? '').replace(/[^A-Za-z0-9_]/g, '').slice(0, 20);
  let username = clean(a.username);
  if (!username && a.email) username = clean(a.email.split('@')[0]);
  if (username.length < 3) username = `user_${a.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}`;
  const displayName = (a.displayUsername || a.name || '').trim().slice(0, 49) || 'User';
  return { username, displayName };
}

/** Makes a provider's picture address the user's own stored avatar; its URL, or undefined. */
export type AvatarImporter = (userId: string, pictureUrl: string) => Promise<string | undefined>;

/**
 * Creates the profile of a new account (idempotent: an existing one is kept). A picture the
 * account came with (Google's) is copied in by `importAvatar`; its address itself is never
 * stored, so no profile row points at anything the server did not make. Without an importer, or
 * when the copy fails, the profile has no avatar.
 */
export async function createProfileForUser(db: Db, a: NewAccount, importAvatar?: AvatarImporter): Promise<void> {
  const [existing] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, a.id)).limit(1);
  if (existing) return;
  const { username: base, displayName } = profileNameCandidates(a);
  let username = base;
  for (let n = 2; await isUsernameTaken(db, username, a.id); n++) {
    const suffix = String(n);
    username = `${base.slice(0, 20 - suffix.length)}${suffix}`;
  }
  const created = await db.insert(profiles).values({ id: a.id, username, displayName, avatarUrl: null }).onConflictDoNothing().returning({ id: profiles.id });
  if (!created.length || !a.image || !importAvatar) return;
  const avatarUrl = await importAvatar(a.id, a.image);
  if (avatarUrl) await db.update(profiles).set({ avatarUrl }).where(eq(profiles.id, a.id));
}

type ProfileRow = typeof profiles.$inferInsert;

/** The profile of an account made outside Better Auth (a wallet sign-up), with the names it chose. */
export async function insertProfile(db: Db, values: Pick<ProfileRow, 'id' | 'username' | 'displayName' | 'publicWalletAddress'>): Promise<void> {
  await db.insert(profiles).values(values);
}

/** The profile keeps the same names as the account. */
export async function setProfileNames(db: Db, userId: string, names: Pick<Partial<ProfileRow>, 'username' | 'displayName'>): Promise<void> {
  await db
    .update(profiles)
    .set({ ...names, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
}

/** The badge a profile shows (verification grants and revokes it). */
export async function setVerificationBadge(db: Db, userId: string, badge: ProfileRow['verificationType'], at: Date): Promise<void> {
  await db.update(profiles).set({ verificationType: badge, updatedAt: at }).where(eq(profiles.id, userId));
}

/** The wallet a profile shows for tips; null shows none. */
export async function setPublicWallet(db: Db, userId: string, walletAddress: string | null): Promise<void> {
  await db.update(profiles).set({ publicWalletAddress: walletAddress }).where(eq(profiles.id, userId));
}

/** Is this display name in use by someone other than `exceptUserId`, compared without case and surrounding spaces? */
export async function isDisplayNameTaken(db: Db, displayName: string, exceptUserId?: string): Promise<boolean> {
  const [p] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.displayName})`, displayName.trim().toLowerCase()))
    .limit(1);
  return !!p && p.id !== exceptUserId;
}

/** The follows other features read (the home page's Following row). */
export { followedIds } from './follows.js';

/** What a person may change of their own profile; the fields left out stay as they are. */
export interface ProfileChange {
  displayName?: string;
  bio?: string;
  links?: string[];
  allowClips?: boolean;
}

export async function updateProfile(db: Db, userId: string, change: ProfileChange) {
  const set: Partial<typeof profiles.$inferInsert> = { updatedAt: new Date() };
  if (change.displayName !== undefined) set.displayName = change.displayName;
  if (change.bio !== undefined) set.bio = change.bio;
  if (change.links !== undefined) set.links = change.links;
  if (change.allowClips !== undefined) set.allowClips = change.allowClips;
  const [row] = await db.update(profiles).set(set).where(eq(profiles.id, userId)).returning();
  return { displayName: row!.displayName, bio: row!.bio, links: row!.links, allowClips: row!.allowClips };
}

export async function setProfileImage(db: Db, userId: string, kind: 'avatar' | 'banner', url: string): Promise<void> {
  await db
    .update(profiles)
    .set(kind === 'avatar' ? { avatarUrl: url } : { bannerUrl: url })
    .where(eq(profiles.id, userId));
}

/** Profiles the sitemap lists (none of a banned account), oldest first so pages stay put, with when each last changed. */
export async function listIndexedProfiles(db: Db, f: { offset: number; limit: number }): Promise<{ username: string; lastmod: Date }[]> {
  const rows = await db
    .select({ username: profiles.username, lastmod: profiles.updatedAt })
    .from(profiles)
    .where(notBanned(profiles.id))
    .orderBy(profiles.createdAt, profiles.id)
    .limit(f.limit)
    .offset(f.offset);
  return rows;
}

export function countIndexedProfiles(db: Db): Promise<CountAndNewest> {
  return countAndNewest(db, profiles, sql`${profiles.updatedAt}`, notBanned(profiles.id));
}
