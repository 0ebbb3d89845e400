import fp from 'fastify-plugin';
import { registerPlaylistPages } from './page-meta.js';
import { playlistRoutes } from './routes.js';

/** Playlists and each person's Watch later, and the link previews of playlists' pages. */
export default fp(
  async (app) => {
    registerPlaylistPages(app);
    await app.register(playlistRoutes);
  },
  { name: 'glint-playlists', fastify: '5.x', dependencies: ['glint-videos'], decorators: { fastify: ['db', 'pageMeta'] } },
);
