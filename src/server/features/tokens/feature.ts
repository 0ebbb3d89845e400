import fp from 'fastify-plugin';
import { createTokenChain } from './chain.js';
import { defineTokenJobs, queueTokenImage } from './jobs.js';
import { birdeyeSource, createMarkets } from './market.js';
import { tokenRoutes } from './routes.js';
import { createTokenFacts, type TokenFacts } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tokens as the chain has them (Pump Streams name one), kept a few minutes. */
    tokens: TokenFacts;
  }
}

/** Tokens read from Solana: the mint, its metadata, its launch creator and picture, and who is proven behind it. */
export default fp(
  async (app) => {
    const chain = createTokenChain(app.config.solana.rpcUrl);
    app.decorate(
      'tokens',
      createTokenFacts(app.db, chain, app.log, (mint) => queueTokenImage(app, mint)),
    );
    await defineTokenJobs(app);
    const { marketData } = app.config;
    const markets = createMarkets(app.db, marketData ? birdeyeSource(marketData.url, marketData.apiKey) : undefined, app.log);
    await app.register(tokenRoutes, { markets });
  },
  { name: 'glint-tokens', fastify: '5.x', decorators: { fastify: ['db', 'jobs', 'config', 'storage'] } },
);
