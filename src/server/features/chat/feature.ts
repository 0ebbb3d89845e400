import fp from 'fastify-plugin';
import { chatRoutes } from './routes.js';
import { channelTeam, chatFiltersOf } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A channel's rules for links in what people post there: its chat moderators (who may link,
     * as its creator may) and the domains anyone may link to. For features that cannot import
     * this one without a loop (comments under videos).
     */
    channelLinkRules(channelId: string): Promise<{ moderatorIds: Set<string>; allowedDomains: string[] }>;
  }
}

/** A live stream's chat. */
export default fp(
  async (app) => {
    app.decorate('channelLinkRules', async (channelId: string) => {
      const [team, filters] = await Promise.all([channelTeam(app.db, channelId), chatFiltersOf(app.db, channelId)]);
      return { moderatorIds: new Set(team.filter((id) => id !== channelId)), allowedDomains: filters.allowedDomains };
    });
    await app.register(chatRoutes);
  },
  // A Pump Stream's chat knows who holds its token; followers-only asks profiles since when one follows.
  {
    name: 'glint-chat',
    fastify: '5.x',
    dependencies: ['glint-tokens', 'glint-profiles'],
    decorators: { fastify: ['db', 'realtime', 'notifier', 'moderationRegistry'] },
  },
);
