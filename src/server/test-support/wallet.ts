import { randomUUID } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import { buildLinkMessage, buildLoginMessage } from '../../shared/wallet.js';

/** A real ed25519 keypair that signs like Phantom's signMessage does. */
export class TestWallet {
  readonly secretKey = ed25519.utils.randomSecretKey();
  readonly address = bs58.encode(ed25519.getPublicKey(this.secretKey));

  sign(message: string, encoding: 'base58' | 'base64' = 'base58'): string {
    const sig = ed25519.sign(new TextEncoder().encode(message), this.secretKey);
    return encoding === 'base58' ? bs58.encode(sig) : Buffer.from(sig).toString('base64');
  }

  loginProof(opts: { at?: number; uuid?: string; encoding?: 'base58' | 'base64' } = {}) {
    const message = buildLoginMessage(opts.at ?? Date.now(), opts.uuid ?? randomUUID());
    return { walletAddress: this.address, message, signature: this.sign(message, opts.encoding) };
  }

  linkProof(opts: { at?: number; uuid?: string } = {}) {
    const message = buildLinkMessage(opts.at ?? Date.now(), opts.uuid ?? randomUUID());
    return { walletAddress: this.address, message, signature: this.sign(message) };
  }
}
