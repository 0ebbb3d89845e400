import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { routeTitle } from '../../shared/platform/page-titles';
import { routePattern } from '../../shared/platform/routes';

function setHead(title: string, description: string | undefined) {
  document.title = title;
  if (description === undefined) return;
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}

/**
 * Names the page after its route as people move around (the server named the first page in the
 * HTML it sent): "Bounties · Glint", "Search: sol · Glint", "@solwhale · Glint". An item's
 * screen names its page once its item has arrived (usePageTitle), after this: a layout effect runs
 * before the screens' effects of the same render.
 */
export function RouteTitle(): null {
  const { pathname, search, key } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
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
