import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { lamportsToSol, type BountyCard } from '../../shared/content.js';
import type { Db } from '../db/client.js';
import { prefixQuery, textMatch, textRank } from '../search/service.js';
import { bounties } from '../db/schema/index.js';
import { creatorColumns, profilesTable } from '../profiles/service.js';

export interface BountyFilter {
  status?: 'open' | 'claimed' | 'paid' | 'expired' | 'cancelled' | undefined;
  category?: string | undefined;
  posterId?: string | undefined;
  text?: string | undefined;
  limit?: number | undefined;
}

/** Bounties, the nearest deadline first. */
export async function listBounties(db: Db, f: BountyFilter = {}): Promise<BountyCard[]> {
  const where: SQL[] = [];
  if (f.status) where.push(eq(bounties.status, f.status));
  if (f.category) where.push(eq(bounties.category, f.category));
  if (f.posterId) where.push(eq(bounties.posterId, f.posterId));
  const tsquery = f.text ? prefixQuery(f.text) : undefined;
  if (f.text) {
    if (!tsquery) return [];
    where.push(textMatch(bounties.title, bounties.description, tsquery));
  }
  const rows = await db
    .select({ b: bounties, poster: creatorColumns })
    .from(bounties)
    .innerJoin(profilesTable, eq(profilesTable.id, bounties.posterId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(...(tsquery ? [desc(textRank(bounties.title, bounties.description, tsquery)), asc(bounties.deadline)] : [asc(bounties.deadline)]))
    .limit(f.limit ?? 50);
  return rows.map(({ b, poster }) => ({
    id: b.id,
    title: b.title,
    description: b.description,
    rewardSol: lamportsToSol(b.rewardLamports),
    deadline: b.deadline.toISOString(),
    category: b.category,
    status: b.status,
    poster,
  }));
}
