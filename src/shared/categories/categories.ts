/** The 28 categories of docs/product.md §3, in order. */
export const CATEGORY_NAMES = [
  'Trading',
  'NFTs',
  'DeFi',
  'Meme Coins',
  'DAOs & Governance',
  'Layer 2 & Scaling',
  'Airdrops & Farming',
  'Blockchain Development',
  'Market Analysis',
  'Web3 Social',
  'Metaverse',
  'Gaming',
  'Comedy',
  'Entertainment',
  'Lifestyle & Vlogs',
  'Music & Arts',
  'Art & Design',
  'Podcast & Talk Shows',
  'Sports & Fitness',
  'Health & Wellness',
  'Education',
  'Technology & AI',
  'Science & Engineering',
  'Finance & Investing',
  'Food & Cooking',
  'Travel & Adventure',
  'Just Chatting',
  'Other',
] as const;

export type CategoryName = (typeof CATEGORY_NAMES)[number];

export interface Category {
  name: CategoryName;
  slug: string;
}

/** `DAOs & Governance` -> `daos-governance`. */
export function categorySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const CATEGORIES: readonly Category[] = CATEGORY_NAMES.map((name) => ({
  name,
  slug: categorySlug(name),
}));

/** How many categories the sidebar shows before "Show More" (docs/product.md §9). */
export const SIDEBAR_CATEGORY_COUNT = 8;

/**
 * Resolves the `category` query value of `/app?category=` to a category.
 * Accepts the slug or the display name in any case; anything else is `undefined`.
 */
export function findCategory(value: string | null | undefined): Category | undefined {
  if (!value) return undefined;
  const slug = categorySlug(value);
  return CATEGORIES.find((c) => c.slug === slug);
}
