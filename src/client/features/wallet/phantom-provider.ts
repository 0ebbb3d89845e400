/**
 * The shape of Phantom's injected Solana provider, as much of it as Glint uses, and where to find
 * it. Kept apart from the connect logic so the header and the auth dialog can ask "is Phantom
 * here?" without loading the signing code.
 */

export interface PhantomPublicKey {
  toString(): string;
  toBase58?: () => string;
}

export type PhantomEvent = 'connect' | 'disconnect' | 'accountChanged';

export interface PhantomProvider {
  isPhantom?: boolean;
  isConnected?: boolean;
  publicKey?: PhantomPublicKey | null;
  connect(options?: { onlyIfTrusted?: boolean }): Promise<{ publicKey?: PhantomPublicKey | null } | undefined | void>;
  disconnect(): Promise<void>;
  signMessage?: (message: Uint8Array, display?: 'utf8' | 'hex') => Promise<{ signature?: Uint8Array | ArrayLike<number> | null } | Uint8Array>;
  /** Phantom's request API: `signAndSendTransaction` takes the base58 wire transaction and answers its signature. */
  request?: (args: { method: string; params?: unknown }) => Promise<unknown>;
  on?: (event: PhantomEvent, listener: (...args: unknown[]) => void) => void;
  off?: (event: PhantomEvent, listener: (...args: unknown[]) => void) => void;
  removeListener?: (event: PhantomEvent, listener: (...args: unknown[]) => void) => void;
}

/** Where the extension puts itself: `window.phantom.solana`, and the older `window.solana`. */
export interface PhantomHost {
  phantom?: { solana?: PhantomProvider } | undefined;
  solana?: PhantomProvider | undefined;
}

/**
 * The ready provider, if any, and whether the extension has shown any sign of life
 * (`window.phantom` exists) even though its Solana provider is not ready yet.
 */
export function findPhantom(host: PhantomHost): { provider?: PhantomProvider; seen: boolean } {
  const solana = host.phantom?.solana;
  if (solana?.isPhantom) return { provider: solana, seen: true };
  // `window.solana` is shared by several wallets; it is Phantom's only when it says so.
  if (host.solana?.isPhantom) return { provider: host.solana, seen: true };
  return { seen: host.phantom !== undefined && host.phantom !== null };
}

export function browserHost(): PhantomHost {
  return window as unknown as PhantomHost;
}
