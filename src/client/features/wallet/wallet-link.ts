import { WALLET_LINKED_ELSEWHERE, type WalletProof } from '../../../shared/wallet/wallet';
import { ApiError } from '../../lib/api';
import type { WalletConnection } from './wallet-connection';
import { apiCode, isSessionMissing, serverMessage, WALLET_TEXT, walletErrorMessage, WalletError } from './wallet-errors';
import type { WalletFlowDeps } from './wallet-flows';

/** A signed-in user's wallet: link it to the account, or disconnect it (which signs out). */
export function createWalletLink(deps: WalletFlowDeps, { forget, prove, linkMessage, connectOrExplain, exclusive }: WalletConnection) {
  const { store, notify, session } = deps;

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

  return { link, disconnect };
}
