import fp from 'fastify-plugin';
import { registerX402 } from './routes.js';

/** Pay-per-view over x402: `app.x402`, which the video routes use for priced videos, and the purchase routes. */
export default fp(registerX402, {
  name: 'glint-x402',
  fastify: '5.x',
  // `app.payments` is read at request time only (a recent blockhash for the 402): it is not needed yet here.
  decorators: { fastify: ['db', 'config', 'storage'] },
});
