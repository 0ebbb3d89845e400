import { toast, type ExternalToast } from 'sonner';
import { api } from '../../lib/api';
import { connectPhantom, signText } from './phantom';
import { missingPhantomLinkHere } from './phantom-links';
import { browserHost, findPhantom } from './phantom-provider';
import { createWalletFlows, type Notify, type NotifyOptions, type WalletChallenge, type WalletFlows, type WalletSession } from './wallet-flows';
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
    challenge: () => api<WalletChallenge>('/api/auth/wallet-nonce'),
    missingWalletLink: missingPhantomLinkHere,
  });
  return flows;
}
