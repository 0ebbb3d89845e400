import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { writeStored } from '../../lib/storage';

/** The key `public/theme-init.js` reads before first paint; both must agree. */
export const THEME_STORAGE_KEY = 'glint-theme';

interface ThemeContextValue {
  isDark: boolean;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * Dark by default (docs/product.md §1). `theme-init.js` has already put the saved choice on `<html>`,
 * so the page root is where the first value is read from; toggling flips the `dark` class there
 * and saves `{ isDark }`.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [isDark, setIsDark] = useState(() => document.documentElement.classList.contains('dark'));

  const toggleTheme = useCallback(() => {
    const next = !isDark;
    document.documentElement.classList.toggle('dark', next);
    writeStored(THEME_STORAGE_KEY, { isDark: next });
    setIsDark(next);
  }, [isDark]);

  const value = useMemo(() => ({ isDark, toggleTheme }), [isDark, toggleTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside <ThemeProvider>');
  return ctx;
}
