import { toast, type ExternalToast } from 'sonner';
import { api } from '../lib/api';
import { connectPhantom, signText } from './phantom';
import { browserHost, findPhantom } from './phantom-provider';
import { createWalletFlows, type Notify, type NotifyOptions, type WalletFlows, type WalletSession } from './wallet-flows';
import { walletStore } from './wallet-store';

/** The wallet flows wired to this browser: Phantom in `window`, the API, sonner toasts. Loaded on first use. */

function toastOptions(options: NotifyOptions | undefined): ExternalToast | undefined {
  if (!options) return undefined;
  const { description, action, link } = options;
  return {
    ...(description ? { description } : {}),
    ...(action ? { action } : {}),
    ...(link
      ? {
          // Sonner styles anything marked data-button as its action button.
          action: (
            <a data-button href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          ),
        }
      : {}),
  };
}

const notify: Notify = {
  success: (title, options) => void toast.success(title, toastOptions(options)),
  error: (title, options) => void toast.error(title, toastOptions(options)),
  info: (title, options) => void toast.info(title, toastOptions(options)),
};

/** A v4 uuid; `crypto.randomUUID` exists only on https and localhost, `getRandomValues` everywhere. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

let flows: WalletFlows | undefined;

/** One set of flows per page, so the connected wallet and its event listeners are shared. */
export function browserWalletFlows(session: WalletSession): WalletFlows {
  flows ??= createWalletFlows({
    session,
    store: walletStore,
    notify,
    connect: () => connectPhantom({ host: browserHost }),
    findProvider: () => findPhantom(browserHost()).provider,
    sign: signText,
    post: (path, body) => api(path, { method: 'POST', json: body }),
    now: () => Date.now(),
    uuid,
  });
  return flows;
}
