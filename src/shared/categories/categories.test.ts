import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_NAMES, categorySlug, findCategory, SIDEBAR_CATEGORY_COUNT } from './categories.js';

describe('categories', () => {
  it('are the 28 of docs/product.md in order, with unique slugs', () => {
    expect(CATEGORY_NAMES).toHaveLength(28);
    expect(CATEGORY_NAMES[0]).toBe('Trading');
    expect(CATEGORY_NAMES[4]).toBe('DAOs & Governance');
    expect(CATEGORY_NAMES[27]).toBe('Other');
    expect(new Set(CATEGORIES.map((c) => c.slug)).size).toBe(28);
    expect(SIDEBAR_CATEGORY_COUNT).toBe(8);
  });

  it('slugs names for addresses', () => {
    expect(categorySlug('DAOs & Governance')).toBe('daos-governance');
    expect(categorySlug('Layer 2 & Scaling')).toBe('layer-2-scaling');
    expect(categorySlug('Technology & AI')).toBe('technology-ai');
  });

  it('finds a category by slug or by name, in any case, and nothing else', () => {
    expect(findCategory('meme-coins')?.name).toBe('Meme Coins');
    expect(findCategory('Meme Coins')?.slug).toBe('meme-coins');
    expect(findCategory('JUST CHATTING')?.slug).toBe('just-chatting');
    expect(findCategory('memecoins')).toBeUndefined();
    expect(findCategory('')).toBeUndefined();
    expect(findCategory(null)).toBeUndefined();
  });
});
