import { z } from 'zod';

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

/** Domains a channel may allow links to, at most. */
export const ALLOWED_DOMAINS_MAX = 50;
export const ALLOWED_DOMAIN_INVALID = 'Enter a domain such as example.com';

/**
 * A domain a channel allows links to, as people type it (`Example.com`, `https://docs.example.com/x`):
 * kept as the browser's host name in ASCII, lower case, without `www.`.
 */
export const AllowedDomainSchema = z
  .string()
  .trim()
  .min(1, ALLOWED_DOMAIN_INVALID)
  .max(253, ALLOWED_DOMAIN_INVALID)
  .transform((s, ctx) => {
    const url = externalTarget(/^https?:\/\//i.test(s) ? s : `https://${s}`);
    const host = url?.hostname.replace(/^www\./, '').replace(/\.$/, '');
    // A name with a dot and letters (not an address such as 10.0.0.1, not a bare word).
    if (!host || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) || /^[\d.]+$/.test(host)) {
      ctx.addIssue({ code: 'custom', message: ALLOWED_DOMAIN_INVALID });
      return z.NEVER;
    }
    return host;
  });

export const AllowedDomainsSchema = z
  .array(AllowedDomainSchema)
  .max(ALLOWED_DOMAINS_MAX, `At most ${ALLOWED_DOMAINS_MAX} domains`)
  .transform((d) => [...new Set(d)]);

/** Whether a link goes to one of the allowed domains or a subdomain of one (`example.com` allows `docs.example.com`). */
export function linkToAllowedDomain(href: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return false;
  const host = externalTarget(href)?.hostname.replace(/\.$/, '');
  return !!host && domains.some((d) => host === d || host.endsWith(`.${d}`));
}
