import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VideoCardSchema } from '../../../shared/videos/video-card.js';
import { ViewBodySchema } from '../../../shared/analytics/analytics.js';
import { slugify } from '../../../shared/platform/routes.js';
import {
  COMMENT_NOT_FOUND,
  COMMENT_REPLIES_PAGE,
  CommentBodySchema,
  CommentRepliesQuerySchema,
  CommentRepliesSchema,
  CommentSchema,
  PostCommentSchema,
  type Comment,
  CreateVideoSchema,
  UpdateVideoSchema,
  VIDEO_KINDS,
  VideoDetailSchema,
  VideoListQuerySchema,
} from '../../../shared/videos/videos.js';
import { usdcToMicros } from '../../../shared/x402/x402-rules.js';
import { blockedBy, hasBlocked } from '../../access/blocks.js';
import { sessionOf, userSession } from '../../access/guards.js';
import { placeVideoMedia } from './paid-media.js';
import { categoryParam } from '../../platform/http/category-param.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { matchesEtag } from '../../platform/http/read-cache.js';
import { acceptImageBodies, storeImage } from '../../platform/storage/images.js';
import { videoMedia } from '../../platform/storage/storage.js';
import { contentTypeOfVideo } from '../notifications/service.js';
import { onSanctionLifted, registerModerationAdapter } from '../moderation/service.js';
import { commentModeration, videoModeration } from './moderation.js';
import { addComment, changeComment, getCommentRow, listComments, listReplies, markComment, type CommentLinkRules } from './comments.js';
import { findProfileById } from '../../access/creator.js';
import {
  CAPTION_BAD_LANGUAGE,
  CAPTION_MAX_BYTES,
  CAPTION_NOT_FOUND,
  canonicalLanguage,
  CAPTIONS_LOCKED,
  CaptionLanguageParam,
  CaptionTrackSchema,
  PutCaptionSchema,
} from '../../../shared/videos/captions.js';
import { deleteCaptions, putCaptions, readCaptions } from './captions.js';
import { isHistoryPaused, listContinueWatching, listHistory, recordWatched, removeFromHistory, saveProgress, setHistoryPaused } from './history.js';
import { HistoryEntrySchema, HistoryPageSchema, HistoryPausedSchema, HistoryQuerySchema } from '../../../shared/videos/history.js';
import {
  createDraft,
  deleteOwnVideo,
  getOwnedVideo,
  getPublishedVideo,
  getVideoDetail,
  listOwnUploads,
  listVideos,
  recordShare,
  RELEASE_HELD_VIDEOS_QUEUE,
  recordView,
  viewerKey,
  setLike,
  updateVideoRow,
  viewerStateOf,
  viewableVideo,
} from './service.js';

const IdParams = z.object({ id: z.string().min(1).max(64) });

/** A caption track's language as BCP 47 writes it, or 400: checked in the handler, after the route's guard has said who may ask. */
function captionLanguage(raw: string): string {
  const tag = canonicalLanguage(raw);
  if (!tag) throw new HttpError(400, 'invalid_request', CAPTION_BAD_LANGUAGE);
  return tag;
}

/** Where a viewer's own state of a video (liked, their place) is kept in the read cache. */
const viewerStateKey = (videoId: string, viewerId: string) => `video-viewer:${videoId}:${viewerId}`;

/** Who is counted for a view or share: the account, or a guest's address (and browser), hashed so no address is stored. */

export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  registerModerationAdapter(app.moderationRegistry, videoModeration(app.storage, app.x402));
  registerModerationAdapter(app.moderationRegistry, commentModeration);
  // Videos held while the account was suspended are published now, not at the next sweep.
  onSanctionLifted(app.moderationRegistry, async () => {
    await app.jobs.send(RELEASE_HELD_VIDEOS_QUEUE, {});
  });

  /** A published video a viewer may act on (like, comment, view, share). */
  const published = (id: string, viewerId?: string) => getPublishedVideo(app.db, id, viewerId);

  app.get(
    '/api/videos',
    {
      config: { guestCache: true },
      schema: {
        tags: ['videos'],
        summary: 'Ready public videos or shorts, newest or trending first, paged',
        querystring: VideoListQuerySchema,
        response: { 200: z.array(VideoCardSchema) },
      },
    },
    async (req) =>
      listVideos(app.db, {
        kind: req.query.kind,
        category: categoryParam(req.query.category),
        sort: req.query.sort,
        offset: req.query.offset,
        limit: req.query.limit,
        excludeId: req.query.exclude,
        ownerId: req.query.owner,
      }),
  );

  app.post(
    '/api/videos',
    {
      config: { auth: 'poster' },
      schema: {
        tags: ['videos'],
        summary: 'Start an upload: a draft the file is sent to with tus',
        body: CreateVideoSchema,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      if (req.body.priceUsdc) await app.x402.assertCanSell(s.user.id);
      const draft = await createDraft(app.db, s.user.id, req.body);
      return reply.status(201).send({ id: draft.id });
    },
  );

  app.get(
    '/api/videos/mine',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['videos'],
        summary: 'Your uploads in every state (uploading, processing, ready, failed)',
        response: {
          200: z.array(
            z.object({
              id: z.string(),
              kind: z.enum(VIDEO_KINDS),
              title: z.string(),
              status: z.string(),
              processingPercent: z.number(),
              failureReason: z.string().nullable(),
              thumbnailUrl: z.string().nullable(),
              createdAt: z.string(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const s = userSession(req);
      return (await listOwnUploads(app.db, s.user.id)).map((v) => ({
        ...v,
        processingPercent: Math.round(v.processingPercent),
        createdAt: v.createdAt.toISOString(),
      }));
    },
  );

  app.get(
    '/api/videos/:id',
    {
      config: { auth: 'optional', guestCache: true },
      schema: { tags: ['videos'], summary: 'A video or short with its player sources', params: IdParams, response: { 200: VideoDetailSchema } },
    },
    async (req) => {
      const s = await sessionOf(req);
      if (!s) return getVideoDetail(app.db, app.storage, req.params.id, undefined, app.x402);
      // Signed in: a free published video's page is the guests' (kept in the read cache) with
      // what is this viewer's merged in. A priced one (its access and sources are the viewer's),
      // or one only its owner may see, is read whole for them.
      const shared = await app.readCache
        .memo(`video:${req.params.id}`, () => getVideoDetail(app.db, app.storage, req.params.id, undefined, app.x402))
        .catch(() => undefined);
      if (!shared || shared.priceUsdc !== null) return getVideoDetail(app.db, app.storage, req.params.id, s.user.id, app.x402);
      // Theirs alone, kept under their id: a like is a write; their place is dropped when saved.
      const mine = await app.readCache.memo(viewerStateKey(shared.id, s.user.id), () => viewerStateOf(app.db, shared.id, s.user.id));
      return { ...shared, ...mine, isOwner: shared.creator.id === s.user.id };
    },
  );

  app.patch(
    '/api/videos/:id',
    {
      config: { auth: 'poster' },
      schema: { tags: ['videos'], summary: 'Edit your video', params: IdParams, body: UpdateVideoSchema, response: { 200: VideoDetailSchema } },
    },
    async (req) => {
      const s = userSession(req);
      const v = await getOwnedVideo(app.db, req.params.id, s.user.id);
      const { thumbnailIndex, priceUsdc, ...rest } = req.body;
      const set: Parameters<typeof updateVideoRow>[2] = { ...rest };
      if (rest.title) set.slug = slugify(rest.title);
      if (thumbnailIndex !== undefined) {
        const url = v.thumbnailCandidates[thumbnailIndex];
        if (!url) throw notFound('That thumbnail does not exist');
        set.thumbnailUrl = url;
      }
      if (priceUsdc !== undefined) {
        if (priceUsdc !== null) await app.x402.assertCanSell(s.user.id);
        set.priceMicroUsdc = priceUsdc === null ? null : usdcToMicros(priceUsdc)!;
      }
      // A price or a private visibility moves the playable media to the private area (or back) before this answers.
      if (set.priceMicroUsdc !== undefined || set.visibility !== undefined) await placeVideoMedia(app.db, app.storage, v.id, set);
      else await updateVideoRow(app.db, v.id, set);
      return getVideoDetail(app.db, app.storage, v.id, s.user.id, app.x402);
    },
  );

  app.delete(
    '/api/videos/:id',
    {
      config: { auth: 'verified', answers: { 204: 'Deleted with its media' } },
      schema: { tags: ['videos'], summary: 'Delete your video and its media', params: IdParams },
    },
    async (req, reply) => {
      const s = userSession(req);
      await deleteOwnVideo(app.db, app.storage, req.params.id, s.user.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/videos/:id/view',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['videos'],
        summary: "Count a view (once per viewer per window; never the owner's own)",
        params: IdParams,
        body: ViewBodySchema,
        response: { 200: z.object({ counted: z.boolean() }) },
      },
    },
    async (req) => {
      const s = await sessionOf(req);
      const v = await published(req.params.id, s?.user.id);
      // A signed-in viewer's history: every video and short they start, their own too.
      if (s) await recordWatched(app.db, s.user.id, v.id);
      // The owner watching their own video is not an audience: neither the page nor the studio counts it.
      if (s?.user.id === v.ownerId) return { counted: false };
      return { counted: await recordView(app.db, req.params.id, viewerKey(req, s, true), new Date(), req.body?.source) };
    },
  );

  app.put(
    '/api/videos/:id/like',
    {
      config: { auth: 'user' },
      schema: { tags: ['videos'], summary: 'Like', params: IdParams, response: { 200: z.object({ likes: z.number(), liked: z.boolean() }) } },
    },
    async (req) => {
      const s = userSession(req);
      const v = await published(req.params.id, s.user.id);
      const r = await setLike(app.db, req.params.id, s.user.id, true);
      if (r.changed) {
        await app.notifier.notify({
          userId: v.ownerId,
          actorId: s.user.id,
          type: 'like',
          contentId: v.id,
          contentType: contentTypeOfVideo(v.kind),
          contentTitle: v.title,
        });
      }
      return { likes: r.likes, liked: true };
    },
  );

  app.delete(
    '/api/videos/:id/like',
    {
      config: { auth: 'user' },
      schema: { tags: ['videos'], summary: 'Remove your like', params: IdParams, response: { 200: z.object({ likes: z.number(), liked: z.boolean() }) } },
    },
    async (req) => {
      const s = userSession(req);
      await published(req.params.id, s.user.id);
      const r = await setLike(app.db, req.params.id, s.user.id, false);
      return { likes: r.likes, liked: false };
    },
  );

  app.post(
    '/api/videos/:id/share',
    {
      config: { auth: 'optional' },
      schema: { tags: ['videos'], summary: 'Count a share', params: IdParams, response: { 200: z.object({ shares: z.number() }) } },
    },
    async (req) => {
      const s = await sessionOf(req);
      const v = await published(req.params.id, s?.user.id);
      // Once per viewer per window, like views; a guest counts once per address, whatever the browser says.
      const { shares, counted } = await recordShare(app.db, req.params.id, viewerKey(req, s, false));
      if (s && counted)
        await app.notifier.notify({
          userId: v.ownerId,
          actorId: s.user.id,
          type: 'share',
          contentId: v.id,
          contentType: contentTypeOfVideo(v.kind),
          contentTitle: v.title,
        });
      return { shares };
    },
  );

  app.put(
    '/api/videos/:id/progress',
    {
      config: { auth: 'user', answers: { 204: 'Saved' } },
      schema: {
        tags: ['videos'],
        summary: 'Remember where you stopped',
        params: IdParams,
        body: z.object({ positionSeconds: z.number().min(0).max(100_000) }),
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      await published(req.params.id, s.user.id);
      await saveProgress(app.db, s.user.id, req.params.id, req.body.positionSeconds);
      // Not a public write (it drops nothing else): only this viewer's kept state of the video goes.
      app.readCache.drop(viewerStateKey(req.params.id, s.user.id));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/history',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['videos'],
        summary: 'Your watch history: the videos and shorts you watched, newest first, with where you stopped',
        querystring: HistoryQuerySchema,
        response: { 200: HistoryPageSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      const [page, paused] = await Promise.all([listHistory(app.db, s.user.id, req.query.offset), isHistoryPaused(app.db, s.user.id)]);
      return { ...page, paused };
    },
  );

  app.get(
    '/api/history/continue',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['videos'],
        summary: 'Videos you stopped partway through, newest first (home’s “Continue watching”)',
        response: { 200: z.array(HistoryEntrySchema) },
      },
    },
    async (req) => listContinueWatching(app.db, userSession(req).user.id),
  );

  app.put(
    '/api/history/paused',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['videos'],
        summary: 'Pause your watch history (nothing you watch is recorded) or turn it back on',
        body: HistoryPausedSchema,
        response: { 200: HistoryPausedSchema },
      },
    },
    async (req) => {
      await setHistoryPaused(app.db, userSession(req).user.id, req.body.paused);
      return req.body;
    },
  );

  app.delete(
    '/api/history',
    { config: { auth: 'user', answers: { 204: 'Cleared' } }, schema: { tags: ['videos'], summary: 'Clear your watch history' } },
    async (req, reply) => {
      await removeFromHistory(app.db, userSession(req).user.id);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/history/:id',
    {
      config: { auth: 'user', answers: { 204: 'Removed' } },
      schema: { tags: ['videos'], summary: 'Take one video out of your watch history', params: IdParams },
    },
    async (req, reply) => {
      const s = userSession(req);
      await removeFromHistory(app.db, s.user.id, req.params.id);
      app.readCache.drop(viewerStateKey(req.params.id, s.user.id));
      return reply.status(204).send();
    },
  );

  /** The link rules of a video's channel, for its comments (its chat moderators may link; allowed domains). */
  const linkRules = async (ownerId: string): Promise<CommentLinkRules> => ({ ownerId, ...(await app.channelLinkRules(ownerId)) });
  /** What a signed-in viewer reads of a shared list: without the accounts they blocked, with their own marked. */
  const forViewer = async (comments: Comment[], viewerId: string | undefined) => {
    if (!viewerId) return comments;
    const blocked = await blockedBy(app.db, viewerId);
    return comments.filter((c) => !blocked.has(c.author.id)).map((c) => ({ ...c, isMine: c.author.id === viewerId }));
  };

  app.get(
    '/api/videos/:id/comments',
    {
      config: { auth: 'optional', guestCache: true },
      schema: {
        tags: ['videos'],
        summary: 'Top-level comments, the pinned one first, then the newest (each with its reply count)',
        params: IdParams,
        response: { 200: z.array(CommentSchema) },
      },
    },
    async (req) => {
      const s = await sessionOf(req);
      // The same list for everyone (kept in the read cache); which are the viewer's is theirs.
      const comments = await app.readCache
        .memo(`comments:${req.params.id}`, async () => {
          const v = await published(req.params.id);
          return listComments(app.db, req.params.id, undefined, await linkRules(v.ownerId));
        })
        .catch(async (err: unknown) => {
          // A private video's comments are its owner's to read (nobody else reaches the video).
          if (!s) throw err;
          const v = await published(req.params.id, s.user.id);
          return listComments(app.db, req.params.id, undefined, await linkRules(v.ownerId));
        });
      return forViewer(comments, s?.user.id);
    },
  );

  app.get(
    '/api/comments/:id/replies',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['videos'],
        summary: `A comment’s replies, oldest first, ${COMMENT_REPLIES_PAGE} at a time (pass \`next\` as \`after\` for more)`,
        params: IdParams,
        querystring: CommentRepliesQuerySchema,
        response: { 200: CommentRepliesSchema },
      },
    },
    async (req) => {
      const s = await sessionOf(req);
      const parent = await getCommentRow(app.db, req.params.id);
      if (!parent || parent.takenDownAt) throw notFound(COMMENT_NOT_FOUND);
      // Whoever may read the video may read its replies.
      const v = await published(parent.videoId, s?.user.id);
      const page = await listReplies(app.db, parent.id, req.query.after, undefined, await linkRules(v.ownerId));
      return { ...page, replies: await forViewer(page.replies, s?.user.id) };
    },
  );

  app.post(
    '/api/videos/:id/comments',
    {
      config: { auth: 'poster' },
      schema: {
        tags: ['videos'],
        summary: 'Comment, or reply to a comment (`parentId`)',
        params: IdParams,
        body: PostCommentSchema,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      const v = await published(req.params.id, s.user.id);
      const { comment, parent } = await addComment(app.db, req.params.id, s.user.id, req.body.body, req.body.parentId);
      const content = { contentId: v.id, contentType: contentTypeOfVideo(v.kind) };
      if (parent) {
        // A reply tells the comment's author (not themselves, nor anyone who blocked the replier).
        if (parent.userId !== s.user.id && !(await hasBlocked(app.db, parent.userId, s.user.id))) {
          const me = await findProfileById(app.db, s.user.id);
          await app.notifier.notice({
            userId: parent.userId,
            actorId: s.user.id,
            title: 'New reply',
            message: `${me?.displayName ?? 'Someone'} replied to your comment on “${v.title}”`,
            ...content,
          });
        }
      } else {
        await app.notifier.notify({ userId: v.ownerId, actorId: s.user.id, type: 'comment', ...content, contentTitle: v.title });
      }
      return reply.status(201).send({ id: comment.id });
    },
  );

  for (const mark of ['pin', 'heart'] as const) {
    for (const method of ['PUT', 'DELETE'] as const) {
      app.route({
        method,
        url: `/api/comments/:id/${mark}`,
        config: { auth: 'user', answers: { 204: method === 'PUT' ? (mark === 'pin' ? 'Pinned' : 'Hearted') : 'Taken back' } },
        schema: {
          tags: ['videos'],
          summary:
            mark === 'pin'
              ? `${method === 'PUT' ? 'Pin a comment above the others (replacing the last pin)' : 'Unpin a comment'} (the video’s creator)`
              : `${method === 'PUT' ? 'Heart a comment' : 'Take a heart back'} (the video’s creator)`,
          params: IdParams,
        },
        handler: async (req, reply) => {
          await markComment(app.db, req.params.id, userSession(req).user.id, mark, method === 'PUT');
          return reply.status(204).send();
        },
      });
    }
  }

  app.patch(
    '/api/comments/:id',
    {
      config: { auth: 'unverified-poster', answers: { 204: 'Edited' } },
      schema: { tags: ['videos'], summary: 'Edit your comment', params: IdParams, body: CommentBodySchema },
    },
    async (req, reply) => {
      const s = userSession(req);
      await changeComment(app.db, req.params.id, s.user.id, req.body.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/comments/:id',
    { config: { auth: 'user', answers: { 204: 'Deleted' } }, schema: { tags: ['videos'], summary: 'Delete your comment', params: IdParams } },
    async (req, reply) => {
      const s = userSession(req);
      await changeComment(app.db, req.params.id, s.user.id, null);
      return reply.status(204).send();
    },
  );

  // Captions: the owner adds a file per language (converted to WebVTT and checked); everyone who
  // may watch the video reads them from here, so a priced or private video's captions follow its media.
  app.put(
    '/api/videos/:id/captions/:language',
    {
      bodyLimit: CAPTION_MAX_BYTES * 4 + 4096,
      config: { auth: 'poster' },
      schema: {
        tags: ['videos'],
        summary: 'Add or replace your video’s captions in one language (WebVTT or SRT text)',
        description: 'The file is converted to WebVTT and checked; a file Glint cannot read is refused (400) with what is wrong and on which line.',
        params: CaptionLanguageParam,
        body: PutCaptionSchema,
        response: { 200: CaptionTrackSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      const v = await getOwnedVideo(app.db, req.params.id, s.user.id);
      return putCaptions(app.db, v, captionLanguage(req.params.language), req.body.content, req.body.label);
    },
  );

  app.delete(
    '/api/videos/:id/captions/:language',
    {
      config: { auth: 'poster', answers: { 204: 'Removed' } },
      schema: { tags: ['videos'], summary: 'Remove your video’s captions in one language', params: CaptionLanguageParam },
    },
    async (req, reply) => {
      const s = userSession(req);
      const v = await getOwnedVideo(app.db, req.params.id, s.user.id);
      if (!(await deleteCaptions(app.db, v.id, captionLanguage(req.params.language)))) throw notFound(CAPTION_NOT_FOUND);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/videos/:id/captions/:language',
    {
      config: { auth: 'optional', answers: { 200: 'The WebVTT', 304: 'Not changed' } },
      schema: {
        tags: ['videos'],
        summary: 'A video’s captions in one language, as WebVTT',
        description: 'Served to whoever may watch the video: a priced video’s to its owner, its buyers and staff, a private one’s to its owner.',
        params: CaptionLanguageParam,
      },
    },
    async (req, reply) => {
      const viewerId = (await sessionOf(req))?.user.id;
      const v = await viewableVideo(app.db, req.params.id, viewerId);
      const access = await app.x402.accessOf(v, viewerId);
      if (access === 'locked') throw new HttpError(403, 'forbidden', CAPTIONS_LOCKED);
      const track = await readCaptions(app.db, v.id, captionLanguage(req.params.language));
      if (!track) throw notFound(CAPTION_NOT_FOUND);
      // A free public (or unlisted) video's captions are anyone's; the rest are the viewer's alone.
      const shared = access === 'free' && v.visibility !== 'private';
      reply.header('cache-control', shared ? 'public, max-age=300' : 'private, no-cache').header('etag', track.etag);
      if (matchesEtag(req, track.etag)) return reply.code(304).send();
      return reply.type('text/vtt; charset=utf-8').send(track.vtt);
    },
  );

  // A thumbnail of the owner's own instead of the picked frames: an image body, fitted to the
  // video's shape (16:9, or 9:16 for shorts).
  await app.register(async (plain) => {
    acceptImageBodies(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      '/api/videos/:id/thumbnail',
      {
        config: { auth: 'poster' },
        schema: { tags: ['videos'], summary: 'Upload a thumbnail image for your video', params: IdParams, response: { 200: z.object({ url: z.string() }) } },
      },
      async (req) => {
        const s = userSession(req);
        const v = await getOwnedVideo(app.db, req.params.id, s.user.id);
        const [w, h] = v.kind === 'short' ? [720, 1280] : [1280, 720];
        const own = videoMedia(v.id);
        const url = await storeImage(app.storage, req.body, `${own}/custom-thumb-${Date.now()}.jpg`, w, h);
        const previousKey = v.thumbnailUrl ? app.storage.keyOf(v.thumbnailUrl) : undefined;
        await updateVideoRow(app.db, v.id, { thumbnailUrl: url });
        // The picked frames stay (they can be chosen again); an older custom one of this video goes.
        if (previousKey?.includes('/custom-thumb-')) {
          await app.storage.deleteOwned(own, previousKey).catch((err) => req.log.warn({ err }, 'old thumbnail not removed'));
        }
        return { url };
      },
    );
  });
};
