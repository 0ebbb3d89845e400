import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { viewSourceFromPath, type ViewSource } from '../../shared/analytics/analytics-rules';
import { PRODUCT_SLUG } from '../../shared/platform/product';

// Where the viewer is and was in the app, for the studio's "where views come from".
let current: string | null = null;
let previous: string | null = null;
let marked: { source: ViewSource; path: string } | null = null;

/** Follows the route (in the root layout): the screen before this one is where a view came from. */
export function ViewSourceTracker(): null {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pathname === current) return;
    previous = current;
    current = pathname;
  }, [pathname]);
  return null;
}

/** Says where the next screen, `path`, is opened from when the route alone cannot (a notification). */
export function markViewSource(source: ViewSource, path: string): void {
  marked = { source, path: new URL(path, 'http://x').pathname };
}

/** Where the view on the current screen came from. */
export function currentViewSource(): ViewSource {
  if (marked && marked.path === current) return marked.source;
  return viewSourceFromPath(previous, PRODUCT_SLUG);
}
