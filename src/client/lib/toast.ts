import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Message = Parameters<typeof sonnerToast>[0];

function later(kind?: 'success' | 'error' | 'info') {
  return (message: Message, data?: ExternalToast): void => {
    void import('sonner')
      .then(({ toast }) => (kind ? toast[kind](message, data) : toast(message, data)))
      // Only when the app was redeployed under this page: the screen's own error says so.
      .catch(() => undefined);
  };
}

/**
 * Toasts for code that loads with every page (layouts, the account and notification syncs, the
 * clipboard helper) and for what a screen's first render needs (the watch page's like, follow and
 * unlock buttons): sonner is a chunk of its own, fetched with the first toast, so a page's first
 * load does without it; the Toaster shows toasts made before it mounted. What loads later (forms,
 * dialogs, menus) imports `toast` from sonner directly.
 */
export const toast = Object.assign(later(), { success: later('success'), error: later('error'), info: later('info') });
