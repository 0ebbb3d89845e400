import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AuthDialogProvider, useAuthDialog } from '../auth/auth-dialog-context';
import { WalletHost } from '../wallet/wallet-host';
import { NotificationsSync } from '../notifications/notifications-sync';
import { RealtimeProvider } from '../realtime/realtime-provider';
import { AccountSync } from './account-sync';
import { AddressErrorToast } from './address-error-toast';

// The forms and their validation load when someone first opens the dialog, not with every page.
const AuthDialog = lazy(() => import('../auth/auth-dialog').then((m) => ({ default: m.AuthDialog })));

function AuthDialogHost() {
  const { used } = useAuthDialog();
  return used ? (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  ) : null;
}

/** Above every layout: what any screen may need (the auth dialog, the address error toast). */
export function Root() {
  return (
    <AuthDialogProvider>
      <RealtimeProvider>
        <NotificationsSync />
        <AccountSync />
        <AddressErrorToast />
        <Outlet />
        <AuthDialogHost />
        <WalletHost />
        <ScrollRestoration />
      </RealtimeProvider>
    </AuthDialogProvider>
  );
}
