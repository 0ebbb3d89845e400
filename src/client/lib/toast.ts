import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Message = Parameters<typeof sonnerToast>[0];

function later(kind?: 'success' | 'error') {
  return (message: Message, data?: ExternalToast): void => {
    void import('sonner')
      .then(({ toast }) => (kind ? toast[kind](message, data) : toast(message, data)))
      // Only when the app was redeployed under this page: the screen's own error says so.
      .catch(() => undefined);
  };
}

/**
 * Toasts for code that loads with every page (layouts, the account and notification syncs, the
 * clipboard helper). sonner is a chunk of its own, fetched with the first toast or the first screen
 * that imports it, so the app's first load does without it; the Toaster shows toasts made before
 * it mounted. Screens, which load on demand anyway, import `toast` from sonner directly.
 */
export const toast = Object.assign(later(), { success: later('success'), error: later('error') });
