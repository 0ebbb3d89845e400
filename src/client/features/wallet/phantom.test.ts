import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { buildLoginMessage } from '../../../shared/wallet/wallet';
import { connectPhantom, signText } from './phantom';
import type { PhantomHost, PhantomProvider } from './phantom-provider';
import { WalletError } from './wallet-errors';

const secretKey = ed25519.utils.randomSecretKey();
const address = bs58.encode(ed25519.getPublicKey(secretKey));
const publicKey = { toString: () => address, toBase58: () => address };

/** A provider object that answers as scripted and counts what it was asked. */
function scriptedPhantom(
  script: { connect?: () => Promise<{ publicKey: typeof publicKey | null }>; signMessage?: PhantomProvider['signMessage'] | null } = {},
) {
  const calls = { connect: 0, disconnect: 0 };
  const provider: PhantomProvider = {
    isPhantom: true,
    publicKey: null,
    async connect() {
      calls.connect++;
      const answer = script.connect ? await script.connect() : { publicKey };
      provider.publicKey = answer.publicKey;
      return answer;
    },
    async disconnect() {
      calls.disconnect++;
      provider.publicKey = null;
    },
    signMessage:
      script.signMessage === null ? undefined : (script.signMessage ?? (async (message: Uint8Array) => ({ signature: ed25519.sign(message, secretKey) }))),
  };
  return { provider, calls };
}

/** Records every wait instead of waiting; `onWait` lets the page change between polls. */
function clock(onWait: (count: number) => void = () => {}) {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void onWait(waits.push(ms)) };
}

describe('connectPhantom', () => {
  it('waits 150 ms after the click, then connects and reads the address', async () => {
    const { provider } = scriptedPhantom();
    const c = clock();
    const wallet = await connectPhantom({ host: () => ({ phantom: { solana: provider } }), sleep: c.sleep });
    expect(wallet.address).toBe(address);
    expect(c.waits).toEqual([150]);
  });

  it('polls every 250 ms for a provider that arrives late', async () => {
    const { provider } = scriptedPhantom();
    const host: PhantomHost = {};
    const c = clock((n) => {
      if (n === 4) host.phantom = { solana: provider };
    });
    const wallet = await connectPhantom({ host: () => host, sleep: c.sleep });
    expect(wallet.address).toBe(address);
    expect(c.waits).toEqual([150, 250, 250, 250]);
  });

  it('finds the older window.solana when it is Phantom, and only then', async () => {
    const { provider } = scriptedPhantom();
    expect((await connectPhantom({ host: () => ({ solana: provider }), sleep: clock().sleep })).address).toBe(address);
    const other = { ...provider, isPhantom: false };
    await expect(connectPhantom({ host: () => ({ solana: other }), sleep: clock().sleep })).rejects.toThrow(
      'Phantom wallet not detected. Please install the Phantom browser extension.',
    );
  });

  it('after 8 polls: not detected without any trace of Phantom, too long when window.phantom is there', async () => {
    const absent = clock();
    await expect(connectPhantom({ host: () => ({}), sleep: absent.sleep })).rejects.toThrow(
      'Phantom wallet not detected. Please install the Phantom browser extension.',
    );
    expect(absent.waits).toEqual([150, ...Array(7).fill(250)]);
    await expect(connectPhantom({ host: () => ({ phantom: {} }), sleep: clock().sleep })).rejects.toThrow('Phantom wallet took too long to initialize');
  });

  it('polls the public key 10 times 500 ms apart, then fails and disconnects (a locked wallet)', async () => {
    const { provider, calls } = scriptedPhantom({ connect: async () => ({ publicKey: null }) });
    const c = clock();
    const attempt = connectPhantom({ host: () => ({ phantom: { solana: provider } }), sleep: c.sleep });
    await expect(attempt).rejects.toThrow('Failed to retrieve wallet address. Please make sure your wallet is unlocked and try again.');
    expect(c.waits).toEqual([150, ...Array(9).fill(500)]);
    expect(calls.disconnect).toBe(1);
  });

  it('takes a public key that shows up on the provider a moment after connect', async () => {
    const { provider } = scriptedPhantom({ connect: async () => ({ publicKey: null }) });
    const c = clock((n) => {
      if (n === 3) provider.publicKey = publicKey;
    });
    expect((await connectPhantom({ host: () => ({ phantom: { solana: provider } }), sleep: c.sleep })).address).toBe(address);
    expect(c.waits).toEqual([150, 500, 500]);
  });

  it('passes a refusal on and disconnects', async () => {
    const refusal = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const { provider, calls } = scriptedPhantom({ connect: () => Promise.reject(refusal) });
    await expect(connectPhantom({ host: () => ({ phantom: { solana: provider } }), sleep: clock().sleep })).rejects.toBe(refusal);
    expect(calls).toEqual({ connect: 1, disconnect: 1 });
  });

  it('retries once, 500 ms later, a connect that lost a race', async () => {
    let first = true;
    const { provider, calls } = scriptedPhantom({
      connect: async () => {
        if (first) {
          first = false;
          throw Object.assign(new Error('Unexpected error'), { code: -32603 });
        }
        return { publicKey };
      },
    });
    const c = clock();
    expect((await connectPhantom({ host: () => ({ phantom: { solana: provider } }), sleep: c.sleep })).address).toBe(address);
    expect(c.waits).toEqual([150, 500]);
    expect(calls.connect).toBe(2);
  });
});

describe('signText', () => {
  it('signs the UTF-8 bytes and returns a base58 signature the public key verifies', async () => {
    const { provider } = scriptedPhantom();
    const message = buildLoginMessage('glint.example', Date.now(), crypto.randomUUID());
    const signature = await signText(provider, message);
    expect(ed25519.verify(bs58.decode(signature), new TextEncoder().encode(message), bs58.decode(address))).toBe(true);
  });

  it('refuses a wallet without signMessage, and an empty answer', async () => {
    await expect(signText(scriptedPhantom({ signMessage: null }).provider, 'm')).rejects.toThrow('Wallet does not support message signing');
    const empty = scriptedPhantom({ signMessage: async () => ({ signature: null }) }).provider;
    await expect(signText(empty, 'm')).rejects.toBeInstanceOf(WalletError);
    await expect(signText(empty, 'm')).rejects.toThrow('Failed to get wallet signature');
  });
});
