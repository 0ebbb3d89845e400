import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthTab = 'login' | 'signup' | 'wallet';

interface AuthDialogContextValue {
  open: boolean;
  /** Whether it has been opened at all: its code loads on first use. */
  used: boolean;
  tab: AuthTab;
  /** 'two-factor' while a sign-in waits for its authenticator code (docs/product.md §2). */
  step: AuthStep;
  /** Opens the auth dialog over the current screen; login unless told otherwise (docs/product.md §2). */
  openAuthDialog: (tab?: AuthTab) => void;
  setTab: (tab: AuthTab) => void;
  setOpen: (open: boolean) => void;
  /** Shows the code step: a password, wallet or Google sign-in the server holds for a code. */
  openTwoFactorStep: () => void;
  setStep: (step: AuthStep) => void;
}

export type AuthStep = 'form' | 'two-factor';

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; used: boolean; tab: AuthTab; step: AuthStep }>(() => ({
    // Google brings an account with an authenticator back with `?two_factor=required`.
    ...(heldByProvider() ? { open: true, used: true, step: 'two-factor' } : { open: false, used: false, step: 'form' }),
    tab: 'login',
  }));

  const openAuthDialog = useCallback((tab: AuthTab = 'login') => setState({ open: true, used: true, tab, step: 'form' }), []);
  const openTwoFactorStep = useCallback(() => setState((s) => ({ ...s, open: true, used: true, step: 'two-factor' })), []);
  const setStep = useCallback((step: AuthStep) => setState((s) => ({ ...s, step })), []);
  const setTab = useCallback((tab: AuthTab) => setState((s) => ({ ...s, tab })), []);
  const setOpen = useCallback((open: boolean) => setState((s) => ({ ...s, open })), []);

  const value = useMemo(
    () => ({ open: state.open, used: state.used, tab: state.tab, step: state.step, openAuthDialog, setTab, setOpen, openTwoFactorStep, setStep }),
    [state, openAuthDialog, setTab, setOpen, openTwoFactorStep, setStep],
  );
  return <AuthDialogContext value={value}>{children}</AuthDialogContext>;
}

export function useAuthDialog(): AuthDialogContextValue {
  const ctx = useContext(AuthDialogContext);
  if (!ctx) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return ctx;
}

/** Whether this page load is Google's return to the code step; the marker is then taken off the address. */
function heldByProvider(): boolean {
  if (typeof window === 'undefined') return false;
  const url = new URL(window.location.href);
  if (url.searchParams.get('two_factor') !== 'required') return false;
  url.searchParams.delete('two_factor');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return true;
}
