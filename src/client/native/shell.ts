import { apiOrigin } from './api-origin';
import { isNativePlatform } from './platform';

/**
 * What only the native shell does at start: links to videos, shorts and streams opened on the
 * phone (App Links, universal links, `glint://`) arrive as `appUrlOpen` and are shown in the app,
 * when they are ours; anything else is ignored.
 */
export function startNativeShell(navigate: (to: string) => unknown): void {
  if (!isNativePlatform()) return;
  // Capacitor's plugins and the link rules load only inside the app, never with the web app's first screen.
  void Promise.all([import('@capacitor/app'), import('./deep-links')]).then(([{ App }, { deepLinkHosts, routeFromDeepLink }]) => {
    const hosts = deepLinkHosts(apiOrigin());
    return App.addListener('appUrlOpen', ({ url }) => {
      const route = routeFromDeepLink(url, hosts);
      if (route) void navigate(route);
    });
  });
}
