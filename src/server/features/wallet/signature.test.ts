import { describe, expect, it } from 'vitest';
import { TestWallet } from '../../test-support/wallet.js';
import { decodeSignature, verifyWalletSignature } from './signature.js';

describe('wallet signatures', () => {
  const w = new TestWallet();
  const other = new TestWallet();
  const msg = 'hello glint';

  it('verifies in base58 and in base64', () => {
    expect(verifyWalletSignature(w.address, msg, w.sign(msg, 'base58'))).toBe(true);
    expect(verifyWalletSignature(w.address, msg, w.sign(msg, 'base64'))).toBe(true);
  });

  it('refuses another signer, another message and broken encodings', () => {
    expect(verifyWalletSignature(other.address, msg, w.sign(msg))).toBe(false);
    expect(verifyWalletSignature(w.address, `${msg}!`, w.sign(msg))).toBe(false);
    expect(verifyWalletSignature(w.address, msg, 'not a signature')).toBe(false);
    expect(verifyWalletSignature('0OIl', msg, w.sign(msg))).toBe(false);
    expect(decodeSignature(Buffer.alloc(63).toString('base64'))).toBeUndefined();
  });
});
