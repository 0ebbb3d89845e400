import { DISPLAY_NAME_TAKEN, USERNAME_TAKEN, WALLET_LINKED_ELSEWHERE, WALLET_NOT_REGISTERED } from '../../../shared/wallet/wallet';
import { ApiError } from '../../lib/api';
import type { ConnectedWallet } from './phantom';
import type { WalletConnection } from './wallet-connection';
import { isWalletSide, serverMessage, WALLET_TEXT, walletErrorMessage } from './wallet-errors';
import { ACCOUNT_CREATED, type WalletFlowDeps, type WalletIntent, type WalletSignIn } from './wallet-flows';
import type { PendingRegistration, RegistrationOutcome, RegistrationValues } from './wallet-store';

/** A guest's wallet: sign in with it, or go on to register a new account with it. */
export function createWalletSignIn(deps: WalletFlowDeps, { forget, prove, loginMessage, connectOrExplain, exclusive }: WalletConnection) {
  const { store, notify, session } = deps;

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

  return { signIn };
}
