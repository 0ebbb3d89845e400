// No zod here: the badge stands in the first page's header, which loads without it.

/** docs/product.md §6: the two verification badges. */
export const BADGES = ['blue', 'red'] as const;
export type Badge = (typeof BADGES)[number];

/** Their exact texts (docs/product.md §6), shown in the badge's tooltip and read by screen readers. */
export const VERIFICATION_TEXT = {
  blue: 'Verified Account - Identity confirmed',
  red: 'Earned Verification - Achieved through engagement and hard work',
} as const satisfies Record<Badge, string>;

/** The short names the forms and lists use. */
export const BADGE_NAME = { blue: 'Blue badge', red: 'Red badge' } as const satisfies Record<Badge, string>;
