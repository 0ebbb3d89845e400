import type { WalletIntent, WalletSession } from './wallet-flows';

/**
 * The session's wallet actions. This file is small and loads with the page; the flows, Phantom
 * access and base58 load on the first click (inside docs/product.md §9's 150 ms wait after selecting).
 */
export function walletActions(session: WalletSession) {
  const flows = async () => (await import('./browser-wallet')).browserWalletFlows(session);
  return {
    /** Guest: log in with the wallet, or go on to Complete Your Registration. Signed in: link it. */
    connectPhantom: async (options?: { intent?: WalletIntent }) => (await flows()).connect(options?.intent),
    /** Unlink the wallet and sign out (docs/product.md §4). */
    disconnectWallet: async () => (await flows()).disconnect(),
    /** A fresh signature of the linked wallet, when a step asks who is there again (deleting the account). */
    proveWalletOwnership: async () => (await flows()).proveOwnership(),
  };
}

export type { WalletIntent };
