import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthTab = 'login' | 'signup' | 'wallet';

interface AuthDialogContextValue {
  open: boolean;
  /** Whether it has been opened at all: its code loads on first use. */
  used: boolean;
  tab: AuthTab;
  /** Opens the auth dialog over the current screen; login unless told otherwise (SPEC.md §2). */
  openAuthDialog: (tab?: AuthTab) => void;
  setTab: (tab: AuthTab) => void;
  setOpen: (open: boolean) => void;
}

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; used: boolean; tab: AuthTab }>({
    open: false,
    used: false,
    tab: 'login',
  });

  const openAuthDialog = useCallback((tab: AuthTab = 'login') => setState({ open: true, used: true, tab }), []);
  const setTab = useCallback((tab: AuthTab) => setState((s) => ({ ...s, tab })), []);
  const setOpen = useCallback((open: boolean) => setState((s) => ({ ...s, open })), []);

  const value = useMemo(
    () => ({ open: state.open, used: state.used, tab: state.tab, openAuthDialog, setTab, setOpen }),
    [state, openAuthDialog, setTab, setOpen],
  );
  return <AuthDialogContext value={value}>{children}</AuthDialogContext>;
}

export function useAuthDialog(): AuthDialogContextValue {
  const ctx = useContext(AuthDialogContext);
  if (!ctx) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return ctx;
}
