import type { Workbox } from 'workbox-window';

/**
 * The one service worker, at the site root so its scope is the whole app. Built from
 * src/client/sw/sw.ts: the precached app shell, web pushes, notification clicks.
 */
export const SERVICE_WORKER_URL = '/sw.js';

/** A deployed worker is looked for this often while a page stays open (browsers also check on navigations). */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * docs/product.md §7: a service worker is registered at load. Production builds only, so the dev
 * server's hot reload is never served from a worker's cache. A new version waits until the user
 * chooses to reload from the toast: the page is never switched under their feet.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // workbox-window and the toast load beside the first screen, not before it (the bundle budget).
  import('workbox-window')
    .then(({ Workbox }) => {
      const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
      wb.addEventListener('waiting', () => void offerUpdate(wb));
      return wb.register().then((registration) => {
        if (registration) window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      });
    })
    .catch((err: unknown) => console.warn('service worker registration failed', err));
}

async function offerUpdate(wb: Workbox): Promise<void> {
  const { toast } = await import('sonner');
  toast('A new version is available', {
    id: 'app-update',
    description: 'Reload to use it.',
    duration: Infinity,
    action: {
      label: 'Reload',
      onClick: () => {
        // Reload once the new worker controls this page, so the page and its worker are the same version.
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    },
  });
}
