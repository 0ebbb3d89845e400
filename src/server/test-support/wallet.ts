import { randomUUID } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import type { FastifyInstance } from 'fastify';
import { buildLinkMessage, buildLoginMessage } from '../../shared/wallet/wallet.js';

interface ProofOptions {
  at?: number;
  /** The uuid line; by default a nonce the app issues (`GET /api/auth/wallet-nonce`). */
  uuid?: string;
  /** The host the sign-in message names; by default the app's own. */
  host?: string;
  encoding?: 'base58' | 'base64';
}

/** A client with a session (`Client` of ./app.ts). */
interface SignedIn {
  get(url: string): Promise<{ json(): unknown }>;
}

/** A real ed25519 keypair that signs like Phantom's signMessage does. */
export class TestWallet {
  readonly secretKey = ed25519.utils.randomSecretKey();
  readonly address = bs58.encode(ed25519.getPublicKey(this.secretKey));

  /** `app` is the Glint the wallet signs for; without one, messages carry a random uuid. */
  constructor(private readonly app?: FastifyInstance) {}

  sign(message: string, encoding: 'base58' | 'base64' = 'base58'): string {
    const sig = ed25519.sign(new TextEncoder().encode(message), this.secretKey);
    return encoding === 'base58' ? bs58.encode(sig) : Buffer.from(sig).toString('base64');
  }

  /** A server challenge, as the browser asks for one before each signature. */
  async challenge(): Promise<{ nonce: string; host: string }> {
    if (!this.app) return { nonce: randomUUID(), host: 'localhost:3000' };
    return (await this.app.inject({ method: 'GET', url: '/api/auth/wallet-nonce' })).json();
  }

  async loginProof(opts: ProofOptions = {}) {
    const { nonce, host } = await this.challenge();
    const message = buildLoginMessage(opts.host ?? host, opts.at ?? Date.now(), opts.uuid ?? nonce);
    return { walletAddress: this.address, message, signature: this.sign(message, opts.encoding) };
  }

  /**
   * A link of this wallet to `account`: a user id, or the signed-in client that will send it (its
   * id is read from `/api/me`). `host` defaults to the app's own.
   */
  async linkProof(account: string | SignedIn, opts: ProofOptions = {}) {
    const { nonce, host } = await this.challenge();
    const accountId = typeof account === 'string' ? account : ((await account.get('/api/me')).json() as { user: { id: string } }).user.id;
    const message = buildLinkMessage(opts.host ?? host, accountId, opts.at ?? Date.now(), opts.uuid ?? nonce);
    return { walletAddress: this.address, message, signature: this.sign(message) };
  }
}
