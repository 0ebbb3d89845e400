import bs58 from 'bs58';
import { WalletAddressSchema } from '../../../shared/wallet/wallet';
import { isConnectRace, pollFor, sleep as realSleep, WALLET_TIMINGS, WalletError, type Sleep } from './wallet-errors';
import { findPhantom, type PhantomHost, type PhantomProvider, type PhantomPublicKey } from './phantom-provider';

/**
 * Talking to Phantom's injected provider (`window.phantom.solana`): connect with docs/product.md §9's
 * waits, sign a text message, disconnect. The window is passed in, so node tests drive it with a
 * scripted provider object.
 */

export interface ConnectedWallet {
  provider: PhantomProvider;
  /** base58 public key. */
  address: string;
}

export interface ConnectEnv {
  host: () => PhantomHost;
  sleep?: Sleep;
}

function addressOf(key: PhantomPublicKey | null | undefined): string | undefined {
  if (!key) return undefined;
  const text = typeof key.toBase58 === 'function' ? key.toBase58() : key.toString();
  return WalletAddressSchema.safeParse(text).success ? text : undefined;
}

/**
 * Finds Phantom and connects. Waits 150 ms after the click, then polls 8 times 250 ms apart for
 * the provider. Not found: 'took too long to initialize' when `window.phantom` showed up but its
 * Solana provider never became ready (the extension is there, still starting), otherwise 'not
 * detected' (no extension at all: the caller offers the install link). A connect that loses a race
 * is retried once after 500 ms; then the public key is polled 10 times 500 ms apart (a locked
 * wallet answers without one). Any failure after the provider is found disconnects it.
 */
export async function connectPhantom({ host, sleep = realSleep }: ConnectEnv): Promise<ConnectedWallet> {
  await sleep(WALLET_TIMINGS.selectDelayMs);
  let seen = false;
  const provider = await pollFor(
    () => {
      const found = findPhantom(host());
      seen ||= found.seen;
      return found.provider;
    },
    { attempts: WALLET_TIMINGS.readinessPolls, intervalMs: WALLET_TIMINGS.readinessIntervalMs, wait: sleep },
  );
  if (!provider) throw new WalletError(seen ? 'too-long' : 'not-detected');

  try {
    let answer: Awaited<ReturnType<PhantomProvider['connect']>>;
    try {
      answer = await provider.connect();
    } catch (error) {
      if (!isConnectRace(error)) throw error;
      await sleep(WALLET_TIMINGS.raceRetryMs);
      answer = await provider.connect();
    }
    const address = await pollFor(() => addressOf(answer?.publicKey) ?? addressOf(provider.publicKey), {
      attempts: WALLET_TIMINGS.publicKeyPolls,
      intervalMs: WALLET_TIMINGS.publicKeyIntervalMs,
      wait: sleep,
    });
    if (!address) throw new WalletError('no-address');
    return { provider, address };
  } catch (error) {
    // docs/product.md §4: on any wallet connection error the wallet is disconnected.
    await disconnectProvider(provider);
    throw error;
  }
}

/** Signs `message` (UTF-8) with the connected wallet; the signature in base58. */
export async function signText(provider: PhantomProvider, message: string): Promise<string> {
  if (typeof provider.signMessage !== 'function') throw new WalletError('no-sign-message');
  const answer = await provider.signMessage(new TextEncoder().encode(message), 'utf8');
  const signature = answer instanceof Uint8Array ? answer : answer?.signature;
  if (!signature || signature.length === 0) throw new WalletError('no-signature');
  return bs58.encode(Uint8Array.from(signature));
}

/** Asks the wallet to forget this site's connection; a wallet that is already gone is fine. */
export async function disconnectProvider(provider: PhantomProvider | undefined): Promise<void> {
  try {
    await provider?.disconnect();
  } catch {
    // Nothing left to disconnect.
  }
}
