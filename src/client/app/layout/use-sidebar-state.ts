import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../lib/storage';

/** Where the sidebar's collapsed state is kept (a JSON boolean: true = collapsed). */
export const SIDEBAR_STORAGE_KEY = 'sidebar:state';

/**
 * The desktop sidebar's collapsed state (docs/product.md §2): collapsed by default but expanded on home,
 * until the person chooses; the toggle flips what they see and that choice is kept.
 */
export function useSidebarState(isHome: boolean) {
  const [stored, setStored] = useState<boolean | undefined>(() => readStored(SIDEBAR_STORAGE_KEY, (v) => (typeof v === 'boolean' ? v : undefined)));
  const collapsed = stored ?? !isHome;
  const toggle = useCallback(() => {
    const next = !collapsed;
    writeStored(SIDEBAR_STORAGE_KEY, next);
    setStored(next);
  }, [collapsed]);
  return { collapsed, toggle };
}
