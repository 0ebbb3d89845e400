import { z } from 'zod';

/** `?category=` as the API takes it: a category slug or name. */
export const CategoryQuerySchema = z.object({
  category: z.string().max(64).optional(),
});
