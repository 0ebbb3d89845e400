import { findCategory } from '../../../shared/categories/categories.js';
import { HttpError } from './errors.js';

/** `?category=` to a slug; an unknown category is a 400, not an empty page that hides a typo. */
export function categoryParam(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const c = findCategory(value);
  if (!c) throw new HttpError(400, 'unknown_category', `Unknown category: ${value}`);
  return c.slug;
}
