import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AuthDialogProvider, useAuthDialog } from '../auth/auth-dialog-context';
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
      <AddressErrorToast />
      <Outlet />
      <AuthDialogHost />
      <ScrollRestoration />
    </AuthDialogProvider>
  );
}
