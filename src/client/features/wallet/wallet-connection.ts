import { buildLinkMessage, buildLoginMessage, type WalletProof } from '../../../shared/wallet/wallet';
import type { ConnectedWallet } from './phantom';
import { INSTALL_LINK, needsInstall, walletErrorMessage } from './wallet-errors';

import type { WalletFlowDeps } from './wallet-flows';

/**
 * The connected wallet's side of the flows: remembering it (and following its disconnect and
 * account-change events), forgetting it, signing a server challenge, connecting with a reason when
 * that fails, and one step at a time.
 */
export function createWalletConnection(deps: WalletFlowDeps) {
  const { store, notify } = deps;
  let detach: (() => void) | undefined;

  /** Keeps the connected wallet and follows its events until it is forgotten. */
  function remember(wallet: ConnectedWallet | null) {
    detach?.();
    detach = undefined;
    store.set({ wallet });
    const provider = wallet?.provider;
    if (!provider?.on) return;
    const onDisconnect = () => {
      if (store.get().wallet?.provider !== provider) return;
      remember(null);
      // The registration was for the wallet that just left; its signature can no longer come.
      store.get().registration?.cancel();
    };
    const onAccountChanged = (key: unknown) => {
      const current = store.get();
      if (current.wallet?.provider !== provider) return;
      const address = key ? String(key) : null;
      if (current.registration && address !== current.registration.address) {
        void current.registration.cancel();
        return;
      }
      if (address && current.wallet) store.set({ wallet: { ...current.wallet, address } });
    };
    provider.on('disconnect', onDisconnect);
    provider.on('accountChanged', onAccountChanged);
    detach = () => {
      const off = (provider.off ?? provider.removeListener)?.bind(provider);
      off?.('disconnect', onDisconnect);
      off?.('accountChanged', onAccountChanged);
    };
  }

  async function forget(wallet: ConnectedWallet | null | undefined) {
    if (store.get().wallet === wallet) remember(null);
    try {
      await wallet?.provider.disconnect();
    } catch {
      // Already gone.
    }
  }

  async function prove(wallet: ConnectedWallet, message: string): Promise<WalletProof> {
    return { walletAddress: wallet.address, message, signature: await deps.sign(wallet.provider, message) };
  }

  /** Each signature answers a fresh server nonce, so it is good once and only on this site. */
  const loginMessage = async () => {
    const { nonce, host } = await deps.challenge();
    return buildLoginMessage(host, deps.now(), nonce);
  };
  /** A link names this site and the signed-in account: signed elsewhere or for someone else, it links nothing. */
  const linkMessage = async () => {
    const { nonce, host } = await deps.challenge();
    return buildLinkMessage(host, deps.session.currentUserId() ?? '', deps.now(), nonce);
  };

  /** Connects, or toasts why not; `fallback` is the text for a failure we cannot place. */
  async function connectOrExplain(fallback: string): Promise<ConnectedWallet | undefined> {
    try {
      const wallet = await deps.connect();
      remember(wallet);
      return wallet;
    } catch (error) {
      notify.error(walletErrorMessage(error, 'connect', fallback), needsInstall(error) ? { link: deps.missingWalletLink?.() ?? INSTALL_LINK } : undefined);
      return undefined;
    }
  }

  /** Runs one wallet step at a time: a second click while one runs does nothing. */
  async function exclusive(step: 'connecting' | 'linking' | 'disconnecting', run: () => Promise<void>) {
    if (store.get().step) return;
    store.set({ step });
    try {
      await run();
    } finally {
      store.set({ step: null });
    }
  }

  return { remember, forget, prove, loginMessage, linkMessage, connectOrExplain, exclusive };
}

export type WalletConnection = ReturnType<typeof createWalletConnection>;
