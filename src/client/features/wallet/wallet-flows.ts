import { PRODUCT_NAME } from '../../../shared/platform/product';
import type { WalletProof } from '../../../shared/wallet/wallet';
import { WALLET_TEXT } from './wallet-errors';
import { createWalletConnection } from './wallet-connection';
import { createWalletLink } from './wallet-link';
import { createWalletSignIn } from './wallet-sign-in';
import type { ConnectedWallet } from './phantom';
import type { PhantomProvider } from './phantom-provider';
import type { WalletStore } from './wallet-store';

/**
 * The wallet flows of docs/product.md §4 with the toasts of §8: sign in or register as a guest, link a
 * wallet to a signed-in account, disconnect. Every outside effect (the wallet, the server, the
 * session, toasts, the clock) comes in through `WalletFlowDeps`, so the rules are tested in node.
 */

export const ACCOUNT_CREATED = `Account created successfully! Welcome to ${PRODUCT_NAME}!`;

export interface NotifyOptions {
  description?: string;
  /** A button on the toast. */
  action?: { label: string; onClick: () => void };
  /** A link on the toast, opened in a new tab. */
  link?: { label: string; href: string };
}

export interface Notify {
  success(title: string, options?: NotifyOptions): void;
  error(title: string, options?: NotifyOptions): void;
  info(title: string, options?: NotifyOptions): void;
}

export interface WalletSession {
  /** Reads `GET /api/me` again; the signed-in user's id, or null for a guest. */
  refresh(): Promise<string | null>;
  /** The signed-in user's id as last read. */
  currentUserId(): string | null;
  signOut(): Promise<void>;
}

export interface WalletFlowDeps {
  session: WalletSession;
  store: WalletStore;
  notify: Notify;
  connect(): Promise<ConnectedWallet>;
  /** Phantom in the page, connected or not (after a reload the store has no wallet, the extension may). */
  findProvider?(): PhantomProvider | undefined;
  sign(provider: PhantomProvider, message: string): Promise<string>;
  /** POSTs JSON to the API; throws `ApiError` on a non-2xx answer. */
  post<T>(path: string, body: unknown): Promise<T>;
  now(): number;
  /** A nonce from the server (`GET /api/auth/wallet-nonce`) and the host sign-in messages name. */
  challenge(): Promise<WalletChallenge>;
  /** What to offer when there is no Phantom in the page (install it, or open this page inside it); the install link when absent. */
  missingWalletLink?(): { label: string; href: string };
}

export interface WalletChallenge {
  nonce: string;
  host: string;
}

/** 'login': the Login tab's 'Sign in with Phantom Wallet'. 'signup': the Wallet tab or the header, where a new wallet goes on to register. */
export type WalletIntent = 'login' | 'signup';

export interface WalletSignIn {
  userId: string;
  session?: unknown;
  /** The account has an authenticator: no session yet, the code step comes next. */
  twoFactorRedirect?: boolean;
}

export function createWalletFlows(deps: WalletFlowDeps) {
  const connection = createWalletConnection(deps);
  const { signIn } = createWalletSignIn(deps, connection);
  const { link, disconnect } = createWalletLink(deps, connection);

  /**
   * The header's and the auth dialog's connect: links for a signed-in user, otherwise signs in
   * (or on to registration) as a guest.
   */
  async function connect(intent: WalletIntent = 'signup'): Promise<void> {
    return deps.session.currentUserId() ? link() : signIn(intent);
  }

  /**
   * A fresh signature of the sign-in message by the connected wallet, for a step that asks who is
   * there again (deleting the account); undefined when no wallet could be connected (toasted).
   */
  async function proveOwnership(): Promise<WalletProof | undefined> {
    const wallet = await connection.connectOrExplain(WALLET_TEXT.noSignature);
    if (!wallet) return undefined;
    return connection.prove(wallet, await connection.loginMessage());
  }

  return { connect, signIn, link, disconnect, proveOwnership };
}

export type WalletFlows = ReturnType<typeof createWalletFlows>;
