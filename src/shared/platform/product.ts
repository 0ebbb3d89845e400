/** The product's name lives here only, so a rename is one line (docs/product.md "Names"). */
export const PRODUCT_NAME = 'Glint';
/** The long-video section's path segment: `/glint`. */
export const PRODUCT_SLUG = 'glint';
export const PRODUCT_TAGLINE = 'Share streams, earn crypto rewards';
/** Suffix of the default username a new wallet account is offered. */
export const WALLET_USERNAME_SUFFIX = `_${PRODUCT_SLUG}`;
/** Content type name of a long video (docs/product.md §3 `{product}_video`). */
export const LONG_VIDEO_CONTENT_TYPE = `${PRODUCT_SLUG}_video` as const;
/** Content type name of a live stream; its notifications open `/stream/{id}`. */
export const LIVESTREAM_CONTENT_TYPE = 'livestream';
/** Content type of a bounty in notifications; they open `/bounties/{id}`. */
export const BOUNTY_CONTENT_TYPE = 'bounty';

/** External links shown in the top bar. */
export const EXTERNAL_LINKS = {
  tokenLaunch: { label: 'pump.fun', href: 'https://pump.fun' },
  social: { label: 'X', href: 'https://x.com' },
} as const;
