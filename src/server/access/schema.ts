import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Better Auth's tables (core, username and two-factor plugins), owned by Drizzle so there is one
// schema and one migration path (docs/architecture.md). Property names are Better Auth's field names.

export const user = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  username: text('username').unique(),
  displayUsername: text('display_username'),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
});

export const session = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_username_lower_idx').on(sql`lower(${t.username})`),
    // People search matches names by trigrams (pg_trgm): these keep it off a full scan.
    index('profiles_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('profiles_display_name_trgm_idx').using('gin', sql`lower(${t.displayName}) gin_trgm_ops`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: appRole('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sanctions_kind_created_idx').on(t.kind, t.createdAt)],
);
