/*
 * Glint's service worker, built by vite-plugin-pwa (injectManifest) to /sw.js. It
 * - precaches the app shell (index.html) and the build's hashed files, so the installed app opens
 *   without the network and shows its own offline state;
 * - answers page navigations with the cached shell, except the API and media (rules.ts);
 * - never touches API requests or media, which go to the network as without a worker;
 * - shows web pushes and brings the app forward when one is clicked.
 * A new version waits until the page asks it to take over (the "new version" toast's Reload).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { appPath, isSkipWaiting, NETWORK_ONLY_PATHS } from './rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...NETWORK_ONLY_PATHS] }));

// A first install controls the page that registered it at once (nothing to switch from). An update
// only takes over when asked: claiming then touches no page, every open one already had a worker.
clientsClaim();

self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting();
});

interface PushPayload {
  id?: unknown;
  title?: unknown;
  body?: unknown;
  url?: unknown;
}

self.addEventListener('push', (event) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() as PushPayload | null) ?? {};
  } catch {
    payload = { body: event.data?.text() ?? '' };
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Glint';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: '/icons/icon-192x192.png',
      badge: '/icons/icon-96x96.png',
      tag: typeof payload.id === 'string' ? payload.id : undefined,
      data: { id: payload.id, url: appPath(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = appPath((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const own = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (own) {
        await own.focus();
        if (target !== '/app') await own.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
