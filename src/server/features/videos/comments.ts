import { and, asc, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { chatParts } from '../../../shared/chat/chat.js';
import { linkToAllowedDomain } from '../../../shared/platform/external-links.js';
import {
  COMMENT_CREATOR_ONLY,
  COMMENT_NOT_FOUND,
  COMMENT_PIN_TOP_LEVEL,
  COMMENT_REPLIES_PAGE,
  type Comment,
  type CommentReplies,
} from '../../../shared/videos/videos.js';
import { creatorColumns, profilesTable } from '../../access/creator.js';
import { userRoles } from '../../access/schema.js';
import { notBanned, removedError } from '../../access/standing.js';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { videoComments, videos } from './schema.js';

// Comments under videos (docs/product.md "Comments"): top-level comments, one level of replies,
// the creator's pin and hearts, and which of their addresses are links.

/** Who may link in a channel's comments besides its creator and platform staff, and to where anyone may. */
export interface CommentLinkRules {
  ownerId: string;
  moderatorIds: ReadonlySet<string>;
  allowedDomains: readonly string[];
}

/** The addresses of a comment that are links: all when its author may link, else those to an allowed domain. */
export function clickableLinks(body: string, authorMayLink: boolean, allowedDomains: readonly string[]): string[] {
  return chatParts(body)
    .flatMap((p) => (p.kind === 'link' ? [p.href] : []))
    .filter((href) => authorMayLink || linkToAllowedDomain(href, allowedDomains));
}

const authorIsStaff = sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${videoComments.userId} and ${userRoles.role} in ('moderator', 'admin'))`;

const shown = and(isNull(videoComments.takenDownAt), notBanned(videoComments.userId));

function commentOf(
  row: { c: typeof videoComments.$inferSelect; author: Comment['author']; staff: boolean },
  viewerId: string | undefined,
  links: CommentLinkRules | undefined,
): Comment {
  const { c, author } = row;
  const mayLink = !!links && (c.userId === links.ownerId || links.moderatorIds.has(c.userId) || row.staff);
  return {
    id: c.id,
    body: c.body,
    createdAt: c.createdAt.toISOString(),
    editedAt: c.editedAt?.toISOString() ?? null,
    author,
    isMine: c.userId === viewerId,
    parentId: c.parentId,
    replies: c.replies,
    pinned: !!c.pinnedAt,
    hearted: !!c.heartedAt,
    clickableLinks: clickableLinks(c.body, mayLink || (!links && row.staff), links?.allowedDomains ?? []),
  };
}

const selectComments = (db: Db) =>
  db
    .select({ c: videoComments, author: creatorColumns, staff: authorIsStaff })
    .from(videoComments)
    .innerJoin(profilesTable, eq(profilesTable.id, videoComments.userId));

/** A video's top-level comments: the pinned one first, then the newest (200 at most). */
export async function listComments(db: Db, videoId: string, viewerId: string | undefined, links?: CommentLinkRules): Promise<Comment[]> {
  const rows = await selectComments(db)
    .where(and(eq(videoComments.videoId, videoId), isNull(videoComments.parentId), shown))
    .orderBy(sql`${videoComments.pinnedAt} is null`, desc(videoComments.createdAt))
    .limit(200);
  return rows.map((r) => commentOf(r, viewerId, links));
}

/** Where a page of replies ends: `<created at>_<id>` of its last reply. */
const cursorOf = (c: typeof videoComments.$inferSelect) => `${c.createdAt.toISOString()}_${c.id}`;

/** A comment's replies, oldest first, a page at a time after `after` (a cursor from the page before). */
export async function listReplies(
  db: Db,
  commentId: string,
  after: string | undefined,
  viewerId: string | undefined,
  links?: CommentLinkRules,
): Promise<CommentReplies> {
  const [at, id] = after?.split('_') ?? [];
  const from = at && id && isUuid(id) && !Number.isNaN(Date.parse(at)) ? { at: new Date(at), id } : undefined;
  // Ordered and paged by the millisecond (PostgreSQL keeps microseconds, the cursor's ISO time
  // does not), then by id, so a page never repeats or skips a reply.
  const ms = sql`date_trunc('milliseconds', ${videoComments.createdAt})`;
  const rows = await selectComments(db)
    .where(
      and(
        eq(videoComments.parentId, commentId),
        shown,
        from ? or(sql`${ms} > ${from.at}`, and(sql`${ms} = ${from.at}`, gt(videoComments.id, from.id))) : undefined,
      ),
    )
    .orderBy(asc(ms), asc(videoComments.id))
    .limit(COMMENT_REPLIES_PAGE + 1);
  const page = rows.slice(0, COMMENT_REPLIES_PAGE);
  return {
    replies: page.map((r) => commentOf(r, viewerId, links)),
    next: rows.length > COMMENT_REPLIES_PAGE ? cursorOf(page.at(-1)!.c) : null,
  };
}

export async function getCommentRow(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(videoComments).where(eq(videoComments.id, id));
  return row;
}

/** A comment shown under its video (not removed by a moderator), or 404/410. */
async function shownComment(db: Db, id: string) {
  const c = await getCommentRow(db, id);
  if (!c) throw notFound(COMMENT_NOT_FOUND);
  if (c.takenDownAt) throw removedError('comment');
  return c;
}

/**
 * Adds a comment, or with `parentId` a reply. A reply to a reply answers the same top-level
 * comment (one level deep). The video's count and the parent's replies follow. The parent comes
 * back too (whom to tell of the reply).
 */
export async function addComment(db: Db, videoId: string, userId: string, body: string, parentId?: string) {
  let parent: typeof videoComments.$inferSelect | undefined;
  if (parentId) {
    const answered = await shownComment(db, parentId);
    if (answered.videoId !== videoId) throw notFound(COMMENT_NOT_FOUND);
    parent = answered.parentId ? await shownComment(db, answered.parentId) : answered;
  }
  return db.transaction(async (tx) => {
    const [c] = await tx
      .insert(videoComments)
      .values({ videoId, userId, body, parentId: parent?.id ?? null })
      .returning();
    await tx
      .update(videos)
      .set({ comments: sql`${videos.comments} + 1` })
      .where(eq(videos.id, videoId));
    if (parent)
      await tx
        .update(videoComments)
        .set({ replies: sql`${videoComments.replies} + 1` })
        .where(eq(videoComments.id, parent.id));
    return { comment: c!, parent };
  });
}

/** Edits or deletes a comment; only its author may (moderators come with moderation). Deleting one deletes its replies. */
export async function changeComment(db: Db, commentId: string, userId: string, body: string | null) {
  if (!isUuid(commentId)) throw notFound(COMMENT_NOT_FOUND);
  const [c] = await db.select().from(videoComments).where(eq(videoComments.id, commentId));
  if (!c) throw notFound(COMMENT_NOT_FOUND);
  if (c.userId !== userId) throw new HttpError(403, 'forbidden', 'You can only change your own comments.');
  // Kept as it was for the moderators' review until one restores it.
  if (c.takenDownAt) throw removedError('comment');
  if (body === null) {
    await db.transaction(async (tx) => {
      await tx.delete(videoComments).where(eq(videoComments.id, commentId));
      await tx
        .update(videos)
        .set({ comments: sql`greatest(0, ${videos.comments} - ${1 + c.replies})` })
        .where(eq(videos.id, c.videoId));
      if (c.parentId)
        await tx
          .update(videoComments)
          .set({ replies: sql`greatest(0, ${videoComments.replies} - 1)` })
          .where(eq(videoComments.id, c.parentId));
    });
    return undefined;
  }
  const [updated] = await db.update(videoComments).set({ body, editedAt: new Date() }).where(eq(videoComments.id, commentId)).returning();
  return updated;
}

/**
 * The video's creator pins a top-level comment above the others (replacing the last pin) or
 * unpins it, or hearts or un-hearts a comment. Anyone else is refused.
 */
export async function markComment(db: Db, commentId: string, ownerId: string, mark: 'pin' | 'heart', on: boolean): Promise<void> {
  const c = await shownComment(db, commentId);
  const [v] = await db.select({ ownerId: videos.ownerId }).from(videos).where(eq(videos.id, c.videoId));
  if (v?.ownerId !== ownerId) throw new HttpError(403, 'forbidden', COMMENT_CREATOR_ONLY);
  if (mark === 'heart') {
    await db
      .update(videoComments)
      .set({ heartedAt: on ? new Date() : null })
      .where(eq(videoComments.id, commentId));
    return;
  }
  if (c.parentId) throw new HttpError(400, 'reply', COMMENT_PIN_TOP_LEVEL);
  await db.transaction(async (tx) => {
    await tx
      .update(videoComments)
      .set({ pinnedAt: null })
      .where(and(eq(videoComments.videoId, c.videoId), isNotNull(videoComments.pinnedAt)));
    if (on) await tx.update(videoComments).set({ pinnedAt: new Date() }).where(eq(videoComments.id, commentId));
  });
}

/** A moderator removes a comment (`at`) or restores it (null); the video's count and the parent's replies follow. */
export async function setCommentTakenDown(db: Db, id: string, at: Date | null): Promise<boolean> {
  const [row] = await db
    .update(videoComments)
    .set({ takenDownAt: at })
    .where(and(eq(videoComments.id, id), at ? isNull(videoComments.takenDownAt) : isNotNull(videoComments.takenDownAt)))
    .returning({ videoId: videoComments.videoId, parentId: videoComments.parentId });
  if (!row) return false;
  await db
    .update(videos)
    .set({ comments: at ? sql`greatest(0, ${videos.comments} - 1)` : sql`${videos.comments} + 1` })
    .where(eq(videos.id, row.videoId));
  if (row.parentId)
    await db
      .update(videoComments)
      .set({ replies: at ? sql`greatest(0, ${videoComments.replies} - 1)` : sql`${videoComments.replies} + 1` })
      .where(eq(videoComments.id, row.parentId));
  return true;
}
