import { lazy, Suspense, useEffect } from 'react';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useWalletState } from './use-wallet-state';
import { walletStore } from './wallet-store';

const RegistrationDialog = lazy(() => import('./registration-dialog').then((m) => ({ default: m.RegistrationDialog })));

/**
 * Placed once above every layout, beside the auth dialog: lets the wallet flows reach the auth
 * dialog, and shows Complete Your Registration while a new wallet waits for its username.
 */
export function WalletHost() {
  const { openAuthDialog, setOpen, openTwoFactorStep } = useAuthDialog();
  const { registration } = useWalletState();

  useEffect(
    () =>
      walletStore.bindScreen({ showWalletTab: () => openAuthDialog('wallet'), closeAuthDialog: () => setOpen(false), showTwoFactorStep: openTwoFactorStep }),
    [openAuthDialog, setOpen, openTwoFactorStep],
  );

  return registration ? (
    <Suspense fallback={null}>
      {/* A new wallet starts a fresh form. */}
      <RegistrationDialog key={registration.address} registration={registration} />
    </Suspense>
  ) : null;
}
