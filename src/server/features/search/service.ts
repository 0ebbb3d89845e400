import { sql } from 'drizzle-orm';
import type { Creator } from '../../../shared/profiles/creator.js';
import type { Db } from '../../platform/db/client.js';
import { profiles } from '../../platform/db/schema/index.js';
import { escapeLike } from '../../platform/db/like.js';
import { bannedAmong } from '../../access/standing.js';

/**
 * People by name, forgiving typos: exact and prefix matches first, then trigram similarity of
 * the username or display name (`solwhael` finds `solwhale`).
 */
export async function searchPeople(db: Db, q: string, limit = 20): Promise<Creator[]> {
  const needle = q.trim().toLowerCase();
  if (!needle) return [];
  // A banned account is not found. Left out afterwards (they are few), so the query keeps to the
  // trigram indexes; a few extra rows make up for them.
  const rows = await peopleQuery(db, needle, limit + 5);
  const banned = await bannedAmong(
    db,
    rows.map((r) => r.id),
  );
  return rows
    .filter((r) => !banned.has(r.id))
    .slice(0, limit)
    .map(({ score: _score, ...c }) => c);
}

/** The people-search query for a lower-cased, trimmed needle (its plan is checked by the tests). */
export function peopleQuery(db: Db, needle: string, limit = 20) {
  const score = sql<number>`greatest(
      similarity(lower(${profiles.username}), ${needle}),
      similarity(lower(${profiles.displayName}), ${needle}),
      word_similarity(${needle}, lower(${profiles.displayName})),
      case when lower(${profiles.username}) = ${needle} then 2
           when lower(${profiles.username}) like ${escapeLike(needle) + '%'} then 1.5
           when lower(${profiles.displayName}) like ${'%' + escapeLike(needle) + '%'} then 1.2
           else 0 end)`;
  return (
    db
      .select({
        id: profiles.id,
        username: profiles.username,
        displayName: profiles.displayName,
        avatarUrl: profiles.avatarUrl,
        verificationType: profiles.verificationType,
        score,
      })
      .from(profiles)
      // Candidates come from the trigram indexes (`%` is similarity above 0.3, `<%` word similarity,
      // LIKE the substring); the score then orders them.
      .where(
        sql`(lower(${profiles.username}) % ${needle} or lower(${profiles.displayName}) % ${needle} or ${needle} <% lower(${profiles.displayName})
           or lower(${profiles.username}) like ${escapeLike(needle) + '%'} or lower(${profiles.displayName}) like ${'%' + escapeLike(needle) + '%'})`,
      )
      .orderBy(sql`${score} desc`, profiles.username)
      .limit(limit)
  );
}
