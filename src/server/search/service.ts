import { sql } from 'drizzle-orm';
import type { Creator } from '../../shared/content.js';
import type { Db } from '../db/client.js';
import { profiles } from '../db/schema/index.js';
import { escapeLike } from '../profiles/service.js';

/** The words of a query as a prefix-matching tsquery: `sol whal` -> `sol:* & whal:*`; undefined if none. */
export function prefixQuery(q: string): string | undefined {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 8);
  return unique.length ? unique.map((w) => `${w}:*`).join(' & ') : undefined;
}

/** Full-text match (with prefixes) of `title || ' ' || description` of a table, as SQL. */
export function textMatch(title: unknown, description: unknown, tsquery: string) {
  return sql`to_tsvector('simple', ${title} || ' ' || ${description}) @@ to_tsquery('simple', ${tsquery})`;
}
export function textRank(title: unknown, description: unknown, tsquery: string) {
  return sql`ts_rank(to_tsvector('simple', ${title} || ' ' || ${description}), to_tsquery('simple', ${tsquery}))`;
}

/**
 * People by name, forgiving typos: exact and prefix matches first, then trigram similarity of
 * the username or display name (`solwhael` finds `solwhale`).
 */
export async function searchPeople(db: Db, q: string, limit = 20): Promise<Creator[]> {
  const needle = q.trim().toLowerCase();
  if (!needle) return [];
  const score = sql<number>`greatest(
      similarity(lower(${profiles.username}), ${needle}),
      similarity(lower(${profiles.displayName}), ${needle}),
      word_similarity(${needle}, lower(${profiles.displayName})),
      case when lower(${profiles.username}) = ${needle} then 2
           when lower(${profiles.username}) like ${escapeLike(needle) + '%'} then 1.5
           when lower(${profiles.displayName}) like ${'%' + escapeLike(needle) + '%'} then 1.2
           else 0 end)`;
  const rows = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      verificationType: profiles.verificationType,
      score,
    })
    .from(profiles)
    .where(sql`${score} > 0.3`)
    .orderBy(sql`${score} desc`, profiles.username)
    .limit(limit);
  return rows.map(({ score: _score, ...c }) => c);
}
