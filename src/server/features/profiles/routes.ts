import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { CreatorSchema } from '../../../shared/profiles/creator.js';
import { BLOCK_SELF, BlockedAccountsSchema, BlockStateSchema, ProfileUpdateSchema, PublicProfileSchema } from '../../../shared/profiles/profiles.js';
import { block, listBlocked, unblock } from '../../access/blocks.js';
import { notificationsKey } from '../notifications/service.js';
import { IMAGE_MAX_BYTES } from '../../../shared/media/images.js';
import { HttpError } from '../../platform/http/errors.js';
import { acceptImageBodies, storeImage } from '../../platform/storage/images.js';
import { profileMedia } from '../../platform/storage/storage.js';
import { follow, followStats, listFollows, unfollow } from './follows.js';
import { listBounties } from '../bounties/service.js';
import { notFound } from '../../platform/http/errors.js';
import { listStreams } from '../live/service.js';
import { listVideos } from '../videos/service.js';
import { sessionOf, userSession } from '../../access/guards.js';
import { ACCOUNT_BANNED } from '../../../shared/moderation/moderation.js';
import { isBanned } from '../../access/standing.js';
import { isDisplayNameTaken, isUsernameTaken, setProfileImage, updateProfile } from './service.js';
import { registerModerationAdapter } from '../moderation/service.js';
import { profileModeration } from './moderation.js';
import { profileCards } from './page-meta.js';
import { findProfileById, findProfileByUsername } from '../../access/creator.js';
import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  DISPLAY_NAME_TAKEN,
  RegistrationDisplayNameSchema,
  RegistrationUsernameSchema,
  USERNAME_TAKEN,
} from '../../../shared/wallet/wallet.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // A profile's link preview card shows its avatar and names: made again as they change.
  const cards = profileCards(app);
  registerModerationAdapter(app.moderationRegistry, profileModeration);
  /** A profile anyone may see: 404 when there is none, 410 when its account is banned (the page says so). */
  const profileOr404 = async (username: string) => {
    const p = await findProfileByUsername(app.db, username);
    if (!p) throw notFound('This user does not exist');
    if (await isBanned(app.db, p.id)) throw new HttpError(410, 'account_banned', ACCOUNT_BANNED);
    return p;
  };

  app.get(
    '/api/availability',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Is a username or display name free? (live checks of the registration dialog)',
        querystring: AvailabilityQuerySchema,
        response: { 200: AvailabilitySchema },
      },
    },
    async (req) => {
      const { username, displayName } = req.query;
      const out: { username?: { available: boolean; message?: string }; displayName?: { available: boolean; message?: string } } = {};
      if (username !== undefined) {
        const valid = RegistrationUsernameSchema.safeParse(username);
        if (!valid.success) out.username = { available: false, message: valid.error.issues[0]!.message };
        else out.username = (await isUsernameTaken(app.db, username)) ? { available: false, message: USERNAME_TAKEN } : { available: true };
      }
      if (displayName !== undefined) {
        const valid = RegistrationDisplayNameSchema.safeParse(displayName);
        if (!valid.success) out.displayName = { available: false, message: valid.error.issues[0]!.message };
        else out.displayName = (await isDisplayNameTaken(app.db, valid.data)) ? { available: false, message: DISPLAY_NAME_TAKEN } : { available: true };
      }
      return out;
    },
  );

  app.get(
    '/api/profile',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['profiles'],
        summary: 'Your own profile (verified accounts)',
        response: { 200: z.object({ id: z.string(), username: z.string(), displayName: z.string(), bio: z.string(), allowClips: z.boolean() }) },
      },
    },
    async (req) => {
      const s = userSession(req);
      const p = await findProfileById(app.db, s.user.id);
      if (!p) throw notFound('Your profile does not exist yet');
      return { id: p.id, username: p.username, displayName: p.displayName, bio: p.bio, allowClips: p.allowClips };
    },
  );

  app.get(
    '/api/profiles/:username',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['profiles'],
        summary: "A user's public profile and content",
        params: z.object({ username: z.string().min(1).max(64) }),
        response: { 200: PublicProfileSchema },
      },
    },
    async (req) => {
      const p = await profileOr404(req.params.username);
      const db = app.db;
      const viewer = await sessionOf(req);
      const stats = await followStats(db, p.id, viewer?.user.id);
      const [live, scheduled, ended, videos, shorts, bounties] = await Promise.all([
        listStreams(db, { status: 'live', ownerId: p.id }),
        listStreams(db, { status: 'scheduled', ownerId: p.id }),
        listStreams(db, { status: 'ended', ownerId: p.id }),
        listVideos(db, { kind: 'long', ownerId: p.id }),
        listVideos(db, { kind: 'short', ownerId: p.id }),
        listBounties(db, { posterId: p.id }),
      ]);
      return {
        id: p.id,
        username: p.username,
        displayName: p.displayName,
        avatarUrl: p.avatarUrl,
        verificationType: p.verificationType,
        bio: p.bio,
        links: p.links,
        bannerUrl: p.bannerUrl,
        ...stats,
        publicWalletAddress: p.publicWalletAddress,
        roles: p.roles,
        createdAt: p.createdAt.toISOString(),
        streams: [...live, ...scheduled, ...ended],
        videos,
        shorts,
        bounties,
      };
    },
  );

  const UsernameParams = z.object({ username: z.string().min(1).max(64) });
  const FollowState = z.object({ followers: z.number(), following: z.number(), followedByMe: z.boolean() });

  app.put(
    '/api/profiles/:username/follow',
    { config: { auth: 'user' }, schema: { tags: ['profiles'], summary: 'Follow a user (idempotent)', params: UsernameParams, response: { 200: FollowState } } },
    async (req) => {
      const s = userSession(req);
      const p = await profileOr404(req.params.username);
      if (await follow(app.db, s.user.id, p.id)) await app.notifier.notify({ userId: p.id, actorId: s.user.id, type: 'follow' });
      return followStats(app.db, p.id, s.user.id);
    },
  );

  app.delete(
    '/api/profiles/:username/follow',
    { config: { auth: 'user' }, schema: { tags: ['profiles'], summary: 'Unfollow a user', params: UsernameParams, response: { 200: FollowState } } },
    async (req) => {
      const s = userSession(req);
      const p = await profileOr404(req.params.username);
      await unfollow(app.db, s.user.id, p.id);
      return followStats(app.db, p.id, s.user.id);
    },
  );

  app.put(
    '/api/profiles/:username/block',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['profiles'],
        summary: 'Block an account: its chat messages, comments and notifications disappear for you (idempotent)',
        params: UsernameParams,
        response: { 200: BlockStateSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      const p = await profileOr404(req.params.username);
      if (p.id === s.user.id) throw new HttpError(400, 'self', BLOCK_SELF);
      await block(app.db, s.user.id, p.id);
      // Their notifications leave the bell now, not when the cached list expires.
      app.readCache.drop(notificationsKey(s.user.id));
      return { blocked: true };
    },
  );

  app.delete(
    '/api/profiles/:username/block',
    {
      config: { auth: 'user' },
      schema: { tags: ['profiles'], summary: 'Unblock an account', params: UsernameParams, response: { 200: BlockStateSchema } },
    },
    async (req) => {
      const s = userSession(req);
      const p = await findProfileByUsername(app.db, req.params.username);
      if (p) await unblock(app.db, s.user.id, p.id);
      app.readCache.drop(notificationsKey(s.user.id));
      return { blocked: false };
    },
  );

  app.get(
    '/api/profile/blocked',
    {
      config: { auth: 'user', noStore: true },
      schema: { tags: ['profiles'], summary: 'The accounts you blocked, newest first', response: { 200: BlockedAccountsSchema } },
    },
    async (req) => ({ blocked: await listBlocked(app.db, userSession(req).user.id) }),
  );

  for (const which of ['followers', 'following'] as const) {
    app.get(
      `/api/profiles/:username/${which}`,
      {
        schema: {
          tags: ['profiles'],
          summary: which === 'followers' ? 'Who follows this user' : 'Whom this user follows',
          params: UsernameParams,
          response: { 200: z.array(CreatorSchema) },
        },
      },
      async (req) => listFollows(app.db, (await profileOr404(req.params.username)).id, which),
    );
  }

  app.patch(
    '/api/profile',
    {
      config: { auth: 'poster' },
      schema: {
        tags: ['profiles'],
        summary: 'Edit your profile',
        body: ProfileUpdateSchema,
        response: { 200: z.object({ displayName: z.string(), bio: z.string(), links: z.array(z.string()), allowClips: z.boolean() }) },
      },
    },
    async (req) => {
      // What a profile says is posted too: a suspended account leaves it as it was.
      const s = userSession(req);
      const { displayName, bio, links, allowClips } = req.body;
      if (displayName !== undefined && (await isDisplayNameTaken(app.db, displayName, s.user.id))) {
        throw new HttpError(409, 'display_name_taken', DISPLAY_NAME_TAKEN, { displayName: DISPLAY_NAME_TAKEN });
      }
      const updated = await updateProfile(app.db, s.user.id, { displayName, bio, links, allowClips });
      if (displayName !== undefined) await cards.published(s.user.id);
      return updated;
    },
  );

  // Avatar and banner: the raw image as the body, checked, resized and re-encoded without EXIF.
  await app.register(async (scope) => {
    acceptImageBodies(scope);
    for (const [kind, w, h] of [
      ['avatar', 512, 512],
      ['banner', 1500, 500],
    ] as const) {
      scope.post(
        `/api/profile/${kind}`,
        {
          config: { auth: 'poster' },
          schema: {
            tags: ['profiles'],
            summary: `Upload your ${kind} (an image body, ${IMAGE_MAX_BYTES / 1024 / 1024} MB at most)`,
            response: { 200: z.object({ url: z.string() }) },
          },
        },
        async (req) => {
          const s = userSession(req);
          const old = await findProfileById(app.db, s.user.id);
          const url = await storeImage(app.storage, req.body, `${profileMedia(s.user.id)}/${kind}-${randomUUID()}.jpg`, w, h);
          await setProfileImage(app.db, s.user.id, kind, url);
          if (kind === 'avatar') await cards.published(s.user.id);
          const previous = kind === 'avatar' ? old?.avatarUrl : old?.bannerUrl;
          const previousKey = previous ? app.storage.keyOf(previous) : undefined;
          // Only the user's own files go: a stored address pointing anywhere else is left alone.
          if (previousKey) {
            await app.storage.deleteOwned(profileMedia(s.user.id), previousKey).catch((err) => req.log.warn({ err }, `old ${kind} not removed`));
          }
          return { url };
        },
      );
    }
  });
};
