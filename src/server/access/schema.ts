import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../platform/db/columns.js';

// The tables the guards and every feature read to know who someone is and what they may do: the
// account and its sessions, the profile (a creator's public face), roles and sanctions. They live
// here because access/ imports only platform/; each is written by one feature (the auth feature
// for accounts and sessions, profiles, roles, moderation), as eslint/server-boundaries.js checks.
// `user` and `session` are Better Auth's (its other tables are the auth feature's): their property
// names are Better Auth's field names.

export const user = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps,
  username: text('username').unique(),
  displayUsername: text('display_username'),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
});

/** A column naming an account, whose row goes when the account does. */
export function userRef(name: string) {
  return text(name)
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
}

export const session = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ...timestamps,
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userRef('user_id'),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

export const verificationType = pgEnum('verification_type', ['none', 'blue', 'red']);

export const appRole = pgEnum('app_role', ['admin', 'moderator']);

/** A person's public face (docs/product.md §3). `id` equals the auth user's id. */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    avatarUrl: text('avatar_url'),
    bannerUrl: text('banner_url'),
    bio: text('bio').notNull().default(''),
    links: text('links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    verificationType: verificationType('verification_type').notNull().default('none'),
    publicWalletAddress: text('public_wallet_address'),
    /** Viewers may clip this creator's live streams (the creator always may). */
    allowClips: boolean('allow_clips').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('profiles_username_lower_idx').on(sql`lower(${t.username})`),
    // People search matches names by trigrams (pg_trgm): these keep it off a full scan.
    index('profiles_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('profiles_display_name_trgm_idx').using('gin', sql`lower(${t.displayName}) gin_trgm_ops`),
  ],
);

/** A column naming a profile (a creator, a channel), whose row goes when the profile does. */
export function profileRef(name: string) {
  return text(name)
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' });
}

export const userRoles = pgTable(
  'user_roles',
  {
    userId: profileRef('user_id'),
    role: appRole('role').notNull(),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const sanctionKind = pgEnum('sanction_kind', ['suspension', 'ban']);

/**
 * A suspension (until a time) or a ban (no end) of an account; lifting it deletes the row, and
 * a suspension whose time has passed no longer counts. The history is in the audit log.
 */
export const sanctions = pgTable(
  'sanctions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: sanctionKind('kind').notNull(),
    /** The end of a suspension; null for a ban. */
    until: timestamp('until', { withTimezone: true }),
    reason: text('reason').notNull().default(''),
    byId: text('by_id').references(() => user.id, { onDelete: 'set null' }),
    ...createdAt,
  },
  (t) => [index('sanctions_kind_created_idx').on(t.kind, t.createdAt)],
);

/**
 * A viewer blocked an account: its chat messages, comments and notifications disappear for them
 * (docs/product.md "Blocking"). Unblocking deletes the row.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);
