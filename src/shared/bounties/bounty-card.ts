import { z } from 'zod';
import { CreatorSchema } from '../profiles/creator.js';

export const BountyCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Reward in SOL as a decimal string, exact (no float rounding). */
  rewardSol: z.string(),
  deadline: z.string(),
  category: z.string(),
  status: z.enum(['open', 'claimed', 'paid', 'expired', 'cancelled']),
  poster: CreatorSchema,
});
export type BountyCard = z.infer<typeof BountyCardSchema>;
