import { z } from 'zod';

/** The creator shown on a card. */
export const CreatorSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  verificationType: z.enum(['none', 'blue', 'red']),
});
export type Creator = z.infer<typeof CreatorSchema>;
