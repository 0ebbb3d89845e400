import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AuthDialogProvider, useAuthDialog } from '../../features/auth/auth-dialog-context';
import { useSession } from '../../features/auth/session';
import { WalletHost } from '../../features/wallet/wallet-host';
import { OfflineBanner } from '../../features/pwa/offline-banner';
import { RealtimeProvider } from '../../features/realtime/realtime-provider';
import { AddressErrorToast } from './address-error-toast';
import { RouteTitle } from '../../lib/page-title';
import { ViewSourceTracker } from '../../lib/view-source';

// The forms and their validation load when someone first opens the dialog, not with every page.
const AuthDialog = lazy(() => import('../../features/auth/auth-dialog').then((m) => ({ default: m.AuthDialog })));

// What keeps a signed-in person's notifications and account up to date loads once someone is.
const NotificationsSync = lazy(() => import('../../features/notifications/notifications-sync').then((m) => ({ default: m.NotificationsSync })));
const AccountSync = lazy(() => import('./account-sync').then((m) => ({ default: m.AccountSync })));

function SignedInSyncs() {
  const { user } = useSession();
  return user ? (
    <Suspense fallback={null}>
      <NotificationsSync />
      <AccountSync />
    </Suspense>
  ) : null;
}

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
        <RouteTitle />
        <ViewSourceTracker />
        <SignedInSyncs />
        <AddressErrorToast />
        <Outlet />
        <OfflineBanner />
        <AuthDialogHost />
        <WalletHost />
        <ScrollRestoration />
      </RealtimeProvider>
    </AuthDialogProvider>
  );
}
