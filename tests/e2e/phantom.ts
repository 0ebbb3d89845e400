import type { Page } from 'playwright-core';
import { ed25519 } from '@noble/curves/ed25519.js';
import { getTransactionDecoder } from '@solana/kit';
import bs58 from 'bs58';
import { rpcCall, signWire } from '../../src/server/test-support/local-chain.js';
import { TestWallet } from '../../src/server/test-support/wallet.js';

export type PhantomMode = 'approve' | 'reject' | 'locked';

export interface PhantomOptions {
  mode?: PhantomMode;
  /** Milliseconds before `window.phantom.solana` appears (a slow extension). */
  injectAfterMs?: number;
  /** Reject signMessage with code 4001 (the user closes the signing prompt). */
  rejectSign?: boolean;
  /** The local Solana JSON-RPC that `signAndSendTransaction` sends to (as Phantom sends to its cluster). */
  chainUrl?: string;
}

/**
 * Injects a Phantom provider into the page that behaves like the extension's `window.phantom.solana`
 * (connect, signMessage, signTransaction, signAndSendTransaction, disconnect, events, code 4001 on
 * rejection). The ed25519 key lives in this test process and signs for real; the page reaches it
 * through an exposed function. Tests only.
 */
export async function installPhantom(page: Page, wallet = new TestWallet(), opts: PhantomOptions = {}) {
  await page.exposeFunction('__glintTestWalletSign', (messageB64: string) =>
    Buffer.from(wallet.sign(Buffer.from(messageB64, 'base64').toString('utf8'), 'base64'), 'base64').toString('base64'),
  );
  await page.exposeFunction('__glintTestWalletSend', async (messageB58: string) => {
    if (!opts.chainUrl) throw new Error('This test wallet is not on a chain');
    const signed = signWire(new Uint8Array(bs58.decode(messageB58)), wallet.secretKey);
    return rpcCall<string>(opts.chainUrl, 'sendTransaction', [Buffer.from(signed).toString('base64'), { encoding: 'base64' }]);
  });
  // signTransaction (sign, do not send): the payer's signature over the message, as Phantom gives
  // it for a transaction another party (an x402 facilitator) completes and sends.
  await page.exposeFunction('__glintTestWalletSignTx', (messageB58: string) => {
    const tx = getTransactionDecoder().decode(new Uint8Array(bs58.decode(messageB58)));
    return bs58.encode(ed25519.sign(new Uint8Array(tx.messageBytes), wallet.secretKey));
  });
  await page.addInitScript(
    ({ address, mode, injectAfterMs, rejectSign }) => {
      const listeners: Record<string, ((...a: unknown[]) => void)[]> = {};
      const emit = (event: string, ...args: unknown[]) => (listeners[event] ?? []).forEach((fn) => fn(...args));
      const publicKey = { toString: () => address, toBase58: () => address, toJSON: () => address };
      const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });
      const provider = {
        isPhantom: true,
        isConnected: false,
        publicKey: null as null | typeof publicKey,
        async connect() {
          if (mode === 'reject') throw rejected();
          if (mode === 'locked') return { publicKey: null };
          provider.isConnected = true;
          provider.publicKey = publicKey;
          emit('connect', publicKey);
          return { publicKey };
        },
        async disconnect() {
          provider.isConnected = false;
          provider.publicKey = null;
          emit('disconnect');
        },
        async signMessage(message: Uint8Array) {
          if (!provider.isConnected) throw Object.assign(new Error('Wallet not connected'), { code: 4100 });
          if (rejectSign) throw rejected();
          let bin = '';
          message.forEach((b) => (bin += String.fromCharCode(b)));
          const sigB64 = await (window as unknown as { __glintTestWalletSign: (m: string) => Promise<string> }).__glintTestWalletSign(btoa(bin));
          const raw = atob(sigB64);
          return { signature: Uint8Array.from(raw, (c) => c.charCodeAt(0)), publicKey };
        },
        async request({ method, params }: { method: string; params?: { message?: string } }) {
          if (method !== 'signAndSendTransaction' && method !== 'signTransaction')
            throw Object.assign(new Error(`Unsupported method ${method}`), { code: -32601 });
          if (!provider.isConnected) throw Object.assign(new Error('Wallet not connected'), { code: 4100 });
          if (rejectSign) throw rejected();
          if (method === 'signTransaction') {
            const signTx = (window as unknown as { __glintTestWalletSignTx: (m: string) => Promise<string> }).__glintTestWalletSignTx;
            return { signature: await signTx(params?.message ?? ''), publicKey: address };
          }
          const send = (window as unknown as { __glintTestWalletSend: (m: string) => Promise<string> }).__glintTestWalletSend;
          return { signature: await send(params?.message ?? ''), publicKey: address };
        },
        on(event: string, fn: (...a: unknown[]) => void) {
          (listeners[event] ??= []).push(fn);
        },
        off(event: string, fn: (...a: unknown[]) => void) {
          listeners[event] = (listeners[event] ?? []).filter((f) => f !== fn);
        },
        removeListener(event: string, fn: (...a: unknown[]) => void) {
          provider.off(event, fn);
        },
      };
      const install = () => {
        (window as unknown as { phantom: unknown }).phantom = { solana: provider };
        (window as unknown as { solana: unknown }).solana = provider;
      };
      if (injectAfterMs) setTimeout(install, injectAfterMs);
      else install();
    },
    { address: wallet.address, mode: opts.mode ?? 'approve', injectAfterMs: opts.injectAfterMs ?? 0, rejectSign: !!opts.rejectSign },
  );
  return wallet;
}
