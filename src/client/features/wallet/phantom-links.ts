import { apiOrigin } from '../../lib/native/api-origin';
import { isNativePlatform } from '../../lib/native/platform';
import { INSTALL_LINK } from './wallet-errors';

/** A link offered where Phantom's provider is not in the page. */
export interface WalletLink {
  label: string;
  href: string;
}

export const OPEN_IN_PHANTOM = 'Open in Phantom';

/**
 * Phantom's browse deep link: opens `pageUrl` in Phantom's in-app browser, where its provider is
 * injected and signing works as on desktop. `ref` names the site asking (its origin). Only http(s)
 * pages are handed over; anything else gets null.
 */
export function phantomBrowseUrl(pageUrl: string, ref: string): string | null {
  let page: URL;
  let from: URL;
  try {
    page = new URL(pageUrl);
    from = new URL(ref);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(page.protocol) || !/^https?:$/.test(from.protocol)) return null;
  return `https://phantom.app/ul/browse/${encodeURIComponent(page.href)}?ref=${encodeURIComponent(from.origin)}`;
}

/**
 * What to offer someone without Phantom in the page. In the native app, the same screen on the
 * Glint server (`serverOrigin`), opened inside Phantom; in a phone's browser, this very page,
 * opened inside Phantom (the app is likely installed, the extension cannot be). On a computer,
 * or without an address Phantom can reach, the install link.
 */
export function missingPhantomLink(where: {
  native: boolean;
  phone: boolean;
  location: Pick<Location, 'href' | 'origin' | 'pathname' | 'search'>;
  serverOrigin: string | null;
}): WalletLink {
  let href: string | null = null;
  if (where.native) {
    if (where.serverOrigin) href = phantomBrowseUrl(`${where.serverOrigin}${where.location.pathname}${where.location.search}`, where.serverOrigin);
  } else if (where.phone) href = phantomBrowseUrl(where.location.href, where.location.origin);
  return href ? { label: OPEN_IN_PHANTOM, href } : INSTALL_LINK;
}

/** `missingPhantomLink` for this page. */
export function missingPhantomLinkHere(): WalletLink {
  return missingPhantomLink({
    native: isNativePlatform(),
    phone: /Android|iPhone|iPad|iPod/i.test(navigator.userAgent),
    location: window.location,
    serverOrigin: apiOrigin(),
  });
}
