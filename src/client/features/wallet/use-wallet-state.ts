import { useSyncExternalStore } from 'react';
import { walletStore, type WalletState } from './wallet-store';

/** The wallet store's state, re-rendering on change. */
export function useWalletState(): WalletState {
  return useSyncExternalStore(walletStore.subscribe, walletStore.get, walletStore.get);
}
