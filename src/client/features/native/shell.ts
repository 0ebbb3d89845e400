import { apiOrigin } from '../../lib/native/api-origin';
import { isNativePlatform } from '../../lib/native/platform';

export interface NativeShellHooks {
  /** Shows an in-app route. */
  navigate: (to: string) => unknown;
  /** Re-reads who is signed in, after a sign-in finished outside the app (Google in the browser). */
  refreshSession: () => Promise<unknown>;
}

/**
 * What only the native shell does at start: links to videos, shorts and streams opened on the
 * phone (App Links, universal links, `glint://`) arrive as `appUrlOpen` and are shown in the app,
 * when they are ours; the system browser's return from Google sign-in (the server's own
 * `https://<host>/app/native/return`, an App Link / universal link) finishes that sign-in;
 * anything else is ignored.
 */
export function startNativeShell({ navigate, refreshSession }: NativeShellHooks): void {
  if (!isNativePlatform()) return;
  // Capacitor's plugins and the link rules load only inside the app, never with the web app's first screen.
  void Promise.all([import('@capacitor/app'), import('./deep-links'), import('./google-sign-in')]).then(
    ([{ App }, { deepLinkHosts, routeFromDeepLink }, google]) => {
      const hosts = deepLinkHosts(apiOrigin());
      return App.addListener('appUrlOpen', ({ url }) => {
        const back = google.googleReturnFromLink(url, apiOrigin());
        if (back) return void finishGoogle(back, google.finishNativeGoogleSignIn, refreshSession, navigate);
        const route = routeFromDeepLink(url, hosts);
        if (route) void navigate(route);
      });
    },
  );
}

/** Like the web's return from Google (docs/product.md §2): the home feed, or 'Authentication Error' with why. */
async function finishGoogle<T>(
  back: T,
  finish: (back: T) => Promise<string | null>,
  refreshSession: () => Promise<unknown>,
  navigate: (to: string) => unknown,
) {
  const problem = await finish(back);
  const { toast } = await import('sonner');
  if (problem) {
    toast.error('Authentication Error', { description: problem });
    return;
  }
  await refreshSession();
  void navigate('/app');
  toast.success('Welcome back!', { description: 'You have successfully logged in.' });
}
