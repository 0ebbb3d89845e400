import { eq, ilike, or } from 'drizzle-orm';
import { paths } from '../../../shared/platform/routes.js';
import { escapeLike } from '../../platform/db/like.js';
import { findProfileById, profilesTable } from '../../access/creator.js';
import type { ModerationAdapter } from '../moderation/service.js';

/** Profiles as moderators find and search them; a person is not content, so nothing to remove. */
export const profileModeration: ModerationAdapter = {
  kind: 'user',
  async find(db, id) {
    const p = await findProfileById(db, id);
    if (!p) return undefined;
    return {
      ownerId: p.id,
      removedAt: null,
      visible: true,
      name: `profile @${p.username}`,
      link: null,
      view: {
        kind: null,
        title: p.displayName,
        text: p.bio,
        thumbnailUrl: p.avatarUrl,
        hlsUrl: null,
        href: paths.profile(p.username),
        context: `@${p.username}`,
        createdAt: p.createdAt.toISOString(),
      },
    };
  },
  async search(db, q, limit) {
    const needle = `%${escapeLike(q)}%`;
    const rows = await db
      .select({ id: profilesTable.id })
      .from(profilesTable)
      .where(or(eq(profilesTable.id, q), ilike(profilesTable.username, needle), ilike(profilesTable.displayName, needle)))
      .orderBy(profilesTable.username)
      .limit(limit);
    return rows.map((r) => r.id);
  },
};
