import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';

/** Decodes a signature given in base58 or base64 (docs/product.md §3 gives both); undefined if neither is 64 bytes. */
export function decodeSignature(signature: string): Uint8Array | undefined {
  try {
    const b58 = bs58.decode(signature);
    if (b58.length === 64) return b58;
  } catch {
    // not base58: try base64
  }
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) {
    const b64 = Buffer.from(signature, 'base64');
    if (b64.length === 64) return new Uint8Array(b64);
  }
  return undefined;
}

/** True when `signature` is `address`'s ed25519 signature of the UTF-8 `message`. */
export function verifyWalletSignature(address: string, message: string, signature: string): boolean {
  const sig = decodeSignature(signature);
  if (!sig) return false;
  let key: Uint8Array;
  try {
    key = bs58.decode(address);
  } catch {
    return false;
  }
  if (key.length !== 32) return false;
  try {
    return ed25519.verify(sig, new TextEncoder().encode(message), key);
  } catch {
    return false;
  }
}
