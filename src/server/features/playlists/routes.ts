import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePlaylistSchema,
  MyPlaylistsQuerySchema,
  PlaylistDetailSchema,
  PlaylistItemBodySchema,
  PlaylistOrderSchema,
  PlaylistSummarySchema,
  UpdatePlaylistSchema,
  WatchLaterStateSchema,
} from '../../../shared/playlists/playlists.js';
import { ACCOUNT_BANNED } from '../../../shared/moderation/moderation.js';
import { findProfileByUsername } from '../../access/creator.js';
import { sessionOf, userSession } from '../../access/guards.js';
import { isBanned } from '../../access/standing.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import {
  addToPlaylist,
  createPlaylist,
  deletePlaylist,
  getPlaylist,
  listMyPlaylists,
  listPublicPlaylists,
  removeFromPlaylist,
  reorderPlaylist,
  toggleWatchLater,
  updatePlaylist,
} from './service.js';

const IdParams = z.object({ id: z.string().min(1).max(64) });
const ItemParams = z.object({ id: z.string().min(1).max(64), videoId: z.string().min(1).max(64) });
const VideoParams = z.object({ videoId: z.string().min(1).max(64) });
const UsernameParams = z.object({ username: z.string().min(1).max(64) });

/** Playlists and Watch later (docs/product.md "Playlists"): thin, the rules are in service.ts. */
export const playlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/playlists',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['playlists'],
        summary: 'Your playlists, Watch later first; with videoId, whether each holds that video (the Save dialog)',
        querystring: MyPlaylistsQuerySchema,
        response: { 200: z.array(PlaylistSummarySchema) },
      },
    },
    async (req) => listMyPlaylists(app.db, userSession(req).user.id, req.query.videoId),
  );

  app.post(
    '/api/playlists',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['playlists'],
        summary: 'Make a playlist (public, unlisted or private), with a first video if given',
        body: CreatePlaylistSchema,
        response: { 201: PlaylistDetailSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createPlaylist(app.db, userSession(req).user.id, req.body)),
  );

  app.get(
    '/api/playlists/:id',
    {
      config: { auth: 'optional', noStore: true },
      schema: {
        tags: ['playlists'],
        summary: 'A playlist and its videos in order: public and unlisted ones to anyone, private ones to their owner',
        params: IdParams,
        response: { 200: PlaylistDetailSchema },
      },
    },
    async (req) => getPlaylist(app.db, req.params.id, (await sessionOf(req))?.user.id),
  );

  app.patch(
    '/api/playlists/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['playlists'],
        summary: 'Rename, describe or change the visibility of your playlist (not Watch later)',
        params: IdParams,
        body: UpdatePlaylistSchema,
        response: { 200: PlaylistDetailSchema },
      },
    },
    async (req) => updatePlaylist(app.db, userSession(req).user.id, req.params.id, req.body),
  );

  app.delete(
    '/api/playlists/:id',
    {
      config: { auth: 'user', answers: { 204: 'Deleted' } },
      schema: { tags: ['playlists'], summary: 'Delete your playlist (not Watch later); its videos stay', params: IdParams },
    },
    async (req, reply) => {
      await deletePlaylist(app.db, userSession(req).user.id, req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/playlists/:id/items',
    {
      config: { auth: 'user', answers: { 204: 'Added (or already there)' } },
      schema: { tags: ['playlists'], summary: 'Add a video you may watch to the end of your playlist', params: IdParams, body: PlaylistItemBodySchema },
    },
    async (req, reply) => {
      await addToPlaylist(app.db, userSession(req).user.id, req.params.id, req.body.videoId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/playlists/:id/items/:videoId',
    {
      config: { auth: 'user', answers: { 204: 'Removed' } },
      schema: { tags: ['playlists'], summary: 'Take a video out of your playlist', params: ItemParams },
    },
    async (req, reply) => {
      await removeFromPlaylist(app.db, userSession(req).user.id, req.params.id, req.params.videoId);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/playlists/:id/order',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['playlists'],
        summary: 'Reorder your playlist: its videos in their new order',
        params: IdParams,
        body: PlaylistOrderSchema,
        response: { 200: PlaylistDetailSchema },
      },
    },
    async (req) => reorderPlaylist(app.db, userSession(req).user.id, req.params.id, req.body.videoIds),
  );

  app.post(
    '/api/watch-later/:videoId',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['playlists'],
        summary: 'Save a video to your Watch later, or take it out when it is there',
        params: VideoParams,
        response: { 200: WatchLaterStateSchema },
      },
    },
    async (req) => toggleWatchLater(app.db, userSession(req).user.id, req.params.videoId),
  );

  app.get(
    '/api/profiles/:username/playlists',
    {
      schema: {
        tags: ['playlists'],
        summary: "A creator's public playlists (never unlisted or private ones)",
        params: UsernameParams,
        response: { 200: z.array(PlaylistSummarySchema) },
      },
    },
    async (req) => {
      const p = await findProfileByUsername(app.db, req.params.username);
      if (!p) throw notFound('This user does not exist');
      if (await isBanned(app.db, p.id)) throw new HttpError(410, 'account_banned', ACCOUNT_BANNED);
      return listPublicPlaylists(app.db, p.id);
    },
  );
};
