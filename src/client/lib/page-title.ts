import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { HOME_TITLE, routeTitle } from '../../shared/platform/page-titles';
import { routePattern } from '../../shared/platform/routes';

function setHead(title: string, description: string | undefined) {
  document.title = title;
  if (description === undefined) return;
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}

/**
 * Names the page after its route as people move around (the server named the first page in the
 * HTML it sent, unless it came from the service worker or the native app): "Bounties · Glint", "Search: sol · Glint", "@solwhale · Glint". An item's
 * screen names its page once its item has arrived (usePageTitle), after this: a layout effect runs
 * before the screens' effects of the same render.
 */
export function RouteTitle(): null {
  const { pathname, search, key } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    // The server named the first page it sent; the service worker's copy of the page and the
    // native app's carry the built page's title (the landing page's) and are named here.
    if (first.current) {
      first.current = false;
      if (document.title !== HOME_TITLE) return;
    }
    const { title, description } = routeTitle(routePattern(pathname), pathname, new URLSearchParams(search));
    setHead(title, description);
  }, [pathname, search, key]);
  return null;
}

/** An item's screen names its page (documentTitle: "SOL weekly outlook · Sol Whale · Glint") once it knows the item. */
export function usePageTitle(title: string | undefined, description?: string): void {
  const { key } = useLocation();
  useEffect(() => {
    if (title) setHead(title, description);
  }, [title, description, key]);
}
