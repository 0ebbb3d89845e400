import { DISPLAY_NAME_TAKEN, USERNAME_TAKEN, WALLET_LINKED_ELSEWHERE, WALLET_NOT_REGISTERED, type WalletProof } from '../../shared/wallet';
import { PRODUCT_NAME } from '../../shared/product';
import { GENERIC_ERROR_MESSAGE } from '../../shared/errors';
import { ApiError } from '../lib/api';
import { createWalletConnection } from './wallet-connection';
import type { ConnectedWallet } from './phantom';
import type { PhantomProvider } from './phantom-provider';
import { WALLET_TEXT, walletErrorMessage, WalletError } from './wallet-errors';
import type { PendingRegistration, RegistrationOutcome, RegistrationValues, WalletStore } from './wallet-store';

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
}

export interface WalletChallenge {
  nonce: string;
  host: string;
}

/** 'login': the Login tab's 'Sign in with Phantom Wallet'. 'signup': the Wallet tab or the header, where a new wallet goes on to register. */
export type WalletIntent = 'login' | 'signup';

interface WalletSignIn {
  userId: string;
  session?: unknown;
  /** The account has an authenticator: no session yet, the code step comes next. */
  twoFactorRedirect?: boolean;
}

const apiCode = (error: unknown): string | undefined => (error instanceof ApiError ? error.code : undefined);

/** Rejections of the signed message itself (401 too, but not a missing session). */
const PROOF_REFUSALS = new Set(['message_expired', 'message_from_future', 'message_replayed', 'invalid_signature']);

function isSessionMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && !PROOF_REFUSALS.has(apiCode(error) ?? '');
}

function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.message !== GENERIC_ERROR_MESSAGE ? error.message : undefined;
}

/** Whether the wallet (not the server) failed: refused prompt, no provider, no signature... */
function isWalletSide(error: unknown): boolean {
  return !(error instanceof ApiError) && !(error instanceof TypeError && /fetch/i.test(error.message));
}

export function createWalletFlows(deps: WalletFlowDeps) {
  const { store, notify, session } = deps;
  const { forget, prove, loginMessage, linkMessage, connectOrExplain, exclusive } = createWalletConnection(deps);

  function startRegistration(wallet: ConnectedWallet) {
    const registration: PendingRegistration = {
      address: wallet.address,
      submit: (values) => register(registration, wallet, values),
      cancel: async () => {
        if (store.get().registration === registration) store.set({ registration: null });
        await forget(wallet);
      },
    };
    store.screen.closeAuthDialog();
    store.set({ registration });
  }

  /** docs/product.md §4, wallet as guest: connect, sign, then log in or go on to register. */
  async function signIn(intent: WalletIntent): Promise<void> {
    await exclusive('connecting', async () => {
      const wallet = await connectOrExplain(WALLET_TEXT.failedToSignIn);
      if (!wallet) return;
      let answer: WalletSignIn;
      try {
        answer = await deps.post<WalletSignIn>('/api/auth/login-with-wallet', await prove(wallet, await loginMessage()));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          // The signed message is spent (the server keeps its uuid); registration signs a new one.
          if (intent === 'signup') return startRegistration(wallet);
          notify.error(WALLET_NOT_REGISTERED, {
            action: {
              label: 'Sign Up',
              onClick: () => {
                store.screen.showWalletTab();
                void forget(wallet);
              },
            },
          });
          return;
        }
        notify.error(
          isWalletSide(error) ? walletErrorMessage(error, 'login', WALLET_TEXT.loginDefault) : WALLET_TEXT.loginDefault,
          isWalletSide(error) ? undefined : { description: serverMessage(error) },
        );
        await forget(wallet);
        return;
      }
      if (answer?.twoFactorRedirect) {
        store.screen.showTwoFactorStep();
        return;
      }
      if (!answer?.userId) {
        notify.error(WALLET_TEXT.noSession);
        await forget(wallet);
        return;
      }
      notify.info(WALLET_TEXT.existingWallet);
      const userId = await session.refresh().catch(() => null);
      if (!userId) {
        notify.error(WALLET_TEXT.missingToken);
        await forget(wallet);
        return;
      }
      // docs/product.md §4: a session that is not the wallet owner's is not kept.
      if (userId !== answer.userId) {
        await session.signOut().catch(() => undefined);
        notify.error(WALLET_TEXT.failedToLogInWithWallet);
        await forget(wallet);
        return;
      }
      store.screen.closeAuthDialog();
      notify.success(WALLET_TEXT.loggedIn);
    });
  }

  async function register(registration: PendingRegistration, wallet: ConnectedWallet, values: RegistrationValues): Promise<RegistrationOutcome> {
    let answer: WalletSignIn;
    try {
      const proof = await prove(wallet, await loginMessage());
      answer = await deps.post<WalletSignIn>('/api/auth/register-with-wallet', { ...proof, ...values });
    } catch (error) {
      if (isWalletSide(error)) {
        notify.error(walletErrorMessage(error, 'register', WALLET_TEXT.registrationFailed));
        return { status: 'failed' };
      }
      const message = serverMessage(error);
      if (message === USERNAME_TAKEN) return { status: 'invalid', errors: { username: message } };
      if (message === DISPLAY_NAME_TAKEN) return { status: 'invalid', errors: { displayName: message } };
      if (message === WALLET_LINKED_ELSEWHERE) {
        notify.error(message);
        await registration.cancel();
        return { status: 'failed' };
      }
      const status = error instanceof ApiError ? error.status : 0;
      notify.error(status >= 500 ? WALLET_TEXT.failedToCreateAccount : (message ?? WALLET_TEXT.registrationFailed));
      return { status: 'failed' };
    }
    if (store.get().registration === registration) store.set({ registration: null });
    const userId = await session.refresh().catch(() => null);
    if (!userId || userId !== answer?.userId) {
      if (userId) await session.signOut().catch(() => undefined);
      notify.error(WALLET_TEXT.registeredButSignedOut);
      await forget(wallet);
      return { status: 'done' };
    }
    store.screen.closeAuthDialog();
    notify.success(ACCOUNT_CREATED);
    return { status: 'done' };
  }

  /** docs/product.md §4, wallet as logged-in user: connect and verify, which links the wallet. */
  async function link(): Promise<void> {
    if (!session.currentUserId()) {
      notify.error(WALLET_TEXT.logInToLink);
      return;
    }
    await exclusive('linking', async () => {
      const wallet = await connectOrExplain(WALLET_TEXT.verificationFailed);
      if (!wallet) return;
      let proof: WalletProof;
      try {
        proof = await prove(wallet, await linkMessage());
      } catch (error) {
        notify.error(walletErrorMessage(error, 'link', error instanceof WalletError ? error.message : WALLET_TEXT.ownershipFailed));
        await forget(wallet);
        return;
      }
      const send = () => deps.post('/api/auth/verify-wallet', proof);
      try {
        try {
          await send();
        } catch (error) {
          if (!isSessionMissing(error)) throw error;
          // docs/product.md §7: on Unauthorized refresh the session once and retry once. The first try
          // never reached the message check, so the same signature is still unspent.
          await session.refresh().catch(() => null);
          await send();
        }
      } catch (error) {
        await forget(wallet);
        if (isSessionMissing(error)) return notify.error(WALLET_TEXT.sessionExpired);
        if (error instanceof ApiError && error.status === 400 && apiCode(error) === 'invalid_message') {
          return notify.error(WALLET_TEXT.linkMessageFormat);
        }
        if (serverMessage(error) === WALLET_LINKED_ELSEWHERE) {
          notify.error(WALLET_LINKED_ELSEWHERE);
          // docs/product.md §8: after this message the client signs out.
          await session.signOut().catch(() => undefined);
          return;
        }
        if (apiCode(error) === 'invalid_signature') return notify.error(WALLET_TEXT.ownershipFailed);
        return notify.error(WALLET_TEXT.verificationFailed, { description: serverMessage(error) });
      }
      await session.refresh().catch(() => null);
      notify.success(WALLET_TEXT.connected);
    });
  }

  /** docs/product.md §4, wallet disconnect: unlink, clear the public address, sign out. */
  async function disconnect(): Promise<void> {
    await exclusive('disconnecting', async () => {
      try {
        await deps.post('/api/auth/disconnect-wallet', {});
      } catch (error) {
        // Without a session there is no link to remove: what is left is signing out.
        if (!(error instanceof ApiError && error.status === 401)) {
          notify.error('Could not disconnect your wallet', { description: serverMessage(error) ?? 'Please try again.' });
          return;
        }
      }
      const wallet = store.get().wallet;
      if (wallet) await forget(wallet);
      else
        await deps
          .findProvider?.()
          ?.disconnect()
          .catch(() => undefined);
      await session.signOut().catch(() => undefined);
      notify.success(WALLET_TEXT.disconnected, { description: WALLET_TEXT.disconnectedDescription });
    });
  }

  /**
   * The header's and the auth dialog's connect: links for a signed-in user, otherwise signs in
   * (or on to registration) as a guest.
   */
  async function connect(intent: WalletIntent = 'signup'): Promise<void> {
    return session.currentUserId() ? link() : signIn(intent);
  }

  return { connect, signIn, link, disconnect };
}

export type WalletFlows = ReturnType<typeof createWalletFlows>;
