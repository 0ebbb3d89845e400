import fp from 'fastify-plugin';
import { playlistRoutes } from './routes.js';

/** Playlists and each person's Watch later. */
export default fp(
  async (app) => {
    await app.register(playlistRoutes);
  },
  { name: 'glint-playlists', fastify: '5.x', dependencies: ['glint-videos'], decorators: { fastify: ['db'] } },
);
