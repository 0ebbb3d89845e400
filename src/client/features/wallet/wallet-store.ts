import type { ConnectedWallet } from './phantom';

/**
 * What the client knows about the wallet between clicks: the connected wallet, the registration
 * waiting for a username (docs/product.md §2 Complete Your Registration), and which step is running. A
 * small external store, so the session's actions (above the router) and the header, menu and
 * dialogs (below it) share one state.
 */

export interface RegistrationValues {
  username: string;
  displayName: string;
}

/** How a registration submit ended, for the dialog: done, errors to show on fields, or a toast was shown. */
export type RegistrationOutcome = { status: 'done' } | { status: 'invalid'; errors: Partial<Record<keyof RegistrationValues, string>> } | { status: 'failed' };

export interface PendingRegistration {
  address: string;
  submit: (values: RegistrationValues) => Promise<RegistrationOutcome>;
  /** docs/product.md §4: cancelling clears the pending data and disconnects the wallet. */
  cancel: () => Promise<void>;
}

export type WalletStep = 'connecting' | 'linking' | 'disconnecting';

export interface WalletState {
  wallet: ConnectedWallet | null;
  registration: PendingRegistration | null;
  step: WalletStep | null;
}

/** What the wallet flows ask of the screen: the auth dialog lives below the router. */
export interface WalletScreen {
  /** The 'Sign Up' action of 'Wallet not registered': the auth dialog on its Wallet tab. */
  showWalletTab: () => void;
  closeAuthDialog: () => void;
  /** A wallet login to an account with an authenticator continues on the code step. */
  showTwoFactorStep: () => void;
}

export interface WalletStore {
  get(): WalletState;
  set(patch: Partial<WalletState>): void;
  subscribe(listener: () => void): () => void;
  screen: WalletScreen;
  bindScreen(screen: WalletScreen): () => void;
}

export function createWalletStore(): WalletStore {
  let state: WalletState = { wallet: null, registration: null, step: null };
  const listeners = new Set<() => void>();
  let bound: WalletScreen | undefined;
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    screen: {
      showWalletTab: () => bound?.showWalletTab(),
      closeAuthDialog: () => bound?.closeAuthDialog(),
      showTwoFactorStep: () => bound?.showTwoFactorStep(),
    },
    bindScreen(screen) {
      bound = screen;
      return () => {
        if (bound === screen) bound = undefined;
      };
    },
  };
}

export const walletStore = createWalletStore();
