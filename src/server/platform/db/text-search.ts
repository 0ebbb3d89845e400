import { sql } from 'drizzle-orm';

// Full-text search over a `title` and a `description` column, shared by every list that takes a
// search text (videos, streams, bounties).

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
