import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicProfileSchema } from '../../shared/content.js';
import { listBounties } from '../bounties/service.js';
import { notFound } from '../http/errors.js';
import { listStreams } from '../streams/service.js';
import { listVideos } from '../videos/service.js';
import { requireVerifiedUser } from '../auth/guards.js';
import { findProfileById, findProfileByUsername, isDisplayNameTaken, isUsernameTaken } from './service.js';
import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  DISPLAY_NAME_TAKEN,
  RegistrationDisplayNameSchema,
  RegistrationUsernameSchema,
  USERNAME_TAKEN,
} from '../../shared/wallet.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
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
      schema: {
        tags: ['profiles'],
        summary: 'Your own profile (verified accounts)',
        response: { 200: z.object({ id: z.string(), username: z.string(), displayName: z.string(), bio: z.string() }) },
      },
    },
    async (req) => {
      const s = await requireVerifiedUser(req);
      const p = await findProfileById(app.db, s.user.id);
      if (!p) throw notFound('Your profile does not exist yet');
      return { id: p.id, username: p.username, displayName: p.displayName, bio: p.bio };
    },
  );

  app.get(
    '/api/profiles/:username',
    {
      schema: {
        tags: ['profiles'],
        summary: "A user's public profile and content",
        params: z.object({ username: z.string().min(1).max(64) }),
        response: { 200: PublicProfileSchema },
      },
    },
    async (req) => {
      const p = await findProfileByUsername(app.db, req.params.username);
      if (!p) throw notFound('This user does not exist');
      const db = app.db;
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
        bannerUrl: p.bannerUrl,
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
};
