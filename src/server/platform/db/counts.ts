import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** How many rows there are and the latest of a time column over them (a sitemap's count and last change). */
export interface CountAndNewest {
  count: number;
  newest: Date | null;
}

/** `count(*)` and `max(changedAt)` of `table`'s rows matching `where`, in one statement. */
export async function countAndNewest(db: Db, table: PgTable, changedAt: SQL, where: SQL | undefined): Promise<CountAndNewest> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, newest: sql<string | null>`max(${changedAt})` })
    .from(table)
    .where(where);
  return { count: Number(row?.count ?? 0), newest: row?.newest ? new Date(row.newest) : null };
}
