import { sql } from 'drizzle-orm';
import { index, text, timestamp, uuid, type PgColumn } from 'drizzle-orm/pg-core';

// Columns most tables share, spread into their definitions (`...createdAt`): one definition, the
// same SQL in every table.

/** When the row was written. */
export const createdAt = { createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow() };

/** When the row was written and when it last changed. */
export const timestamps = { ...createdAt, updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow() };

/** A uuid primary key the database draws. */
export const uuidPrimaryKey = { id: uuid('id').primaryKey().defaultRandom() };

/** Removed by a moderator: hidden, kept, restorable (restoring clears it). */
export const takenDown = { takenDownAt: timestamp('taken_down_at', { withTimezone: true }) };

/** The few removed rows of a table, for the moderators' lists: a partial index. */
export const takenDownIndex = (name: string, column: PgColumn) =>
  index(name)
    .on(column)
    .where(sql`${column} is not null`);

/** A list of strings, empty unless set. */
export const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * What a listed piece of content (a video, a live stream) is called and filed under: its title,
 * the slug of its address, its description, category and tags.
 */
export const listing = {
  title: text('title').notNull(),
  slug: text('slug').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  tags: textList('tags'),
};

/** A reference to the row this one belongs to, deleted with it. */
export const ownedBy = (name: string, parent: () => PgColumn) => uuid(name).notNull().references(parent, { onDelete: 'cascade' });
