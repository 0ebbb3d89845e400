// Links to other sites in what people post (chat, profiles): where they may go, and the one page
// they go through first ("You are leaving Glint"), which shows the real domain before the visit.
// Pure: the page, the chat and the profile share it.

/** The page every external link of user content opens first. */
export const LEAVING_PATH = '/leaving';

/** An address Glint may send someone to: http or https with a host, nothing else (no `javascript:`, `data:`, relative). */
export function externalTarget(address: string | null | undefined): URL | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return null;
    return url;
  } catch {
    return null;
  }
}

/** Where a link to `address` in user content points: the leaving page, which names the address. */
export function leavingHref(address: string): string {
  return `${LEAVING_PATH}?to=${encodeURIComponent(address)}`;
}

/**
 * The domain as the browser will reach it: internationalized names in their ASCII (punycode) form,
 * so a look-alike (`рhantom.app` with a Cyrillic р) cannot pass for the real one, without `www.`.
 */
export function shownDomain(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}
