/*
 * Glint's service worker: shows web pushes (a new notification while the site is closed) and
 * brings the app forward when one is clicked. It has no fetch handler, so every request goes to
 * the network exactly as without it.
 */
'use strict';

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Glint';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      tag: typeof payload.id === 'string' ? payload.id : undefined,
      data: { id: payload.id, url: appPath(payload.url) },
    }),
  );
});

/** Only a path of this app is opened from a push: never another site. */
function appPath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : '/app';
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = appPath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const own = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (own) {
        await own.focus();
        if (target !== '/app' && 'navigate' in own) await own.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
