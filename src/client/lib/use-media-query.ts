import { useCallback, useSyncExternalStore } from 'react';

/** One MediaQueryList per query for the page's life: a render reads `matches`, it makes none. */
const lists = new Map<string, MediaQueryList>();
function mediaQueryList(query: string): MediaQueryList {
  let mql = lists.get(query);
  if (!mql) lists.set(query, (mql = window.matchMedia(query)));
  return mql;
}

/** True while the CSS media query matches; follows resizes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mql = mediaQueryList(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query).matches,
    () => false,
  );
}

/** Below docs/product.md §9's 768 px mobile breakpoint. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
