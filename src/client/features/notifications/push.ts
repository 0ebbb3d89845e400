import { api } from '../../lib/api';
import { SERVICE_WORKER_URL } from '../pwa/service-worker';

/**
 * Whether this browser can receive web push at all (secure context, service workers, PushManager).
 * Only the built app has the worker (the dev server runs without one).
 */
export function pushSupported(): boolean {
  return (
    import.meta.env.PROD &&
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID public key (base64url) as the bytes `PushManager.subscribe` takes. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  return navigator.serviceWorker.ready;
}

/** This browser's current push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export class PushPermissionDenied extends Error {
  constructor() {
    super('Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.');
  }
}

/** Asks permission, subscribes with the server's key and tells the server where to push. */
export async function enablePush(publicKey: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const reg = await registration();
  const subscription =
    (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(publicKey) }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('The browser gave an incomplete push subscription.');
  await api('/api/push/subscriptions', {
    method: 'POST',
    json: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } },
  });
}

/** Stops pushes to this browser, on the server first so none are sent to a dead subscription. */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await api('/api/push/subscriptions', { method: 'DELETE', json: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/**
 * Before signing out: this browser stops receiving the account's pushes (the server forgets the
 * endpoint; the browser keeps its subscription for whoever enables pushes next here).
 */
export async function releasePushSubscription(): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await currentPushSubscription().catch(() => null);
  if (!subscription) return;
  await api('/api/push/subscriptions', { method: 'DELETE', json: { endpoint: subscription.endpoint } }).catch(() => undefined);
}
