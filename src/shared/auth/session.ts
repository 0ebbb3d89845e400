import { z } from 'zod';

/** `GET /api/me`: who is signed in. `user` is null for guests. */
export const MeSchema = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string().nullable(),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean(),
    })
    .nullable(),
  profile: z
    .object({
      username: z.string(),
      displayName: z.string(),
      avatarUrl: z.string().nullable(),
      verificationType: z.enum(['none', 'blue', 'red']),
      publicWalletAddress: z.string().nullable(),
    })
    .nullable()
    .optional(),
  roles: z.array(z.enum(['admin', 'moderator'])).optional(),
  /** A sign-in just cancelled this account's scheduled deletion: the app says so once. */
  deletionCancelled: z.boolean().optional(),
});
export type Me = z.infer<typeof MeSchema>;

/** docs/product.md §4 session states. */
export type SessionStatus = 'loading' | 'guest' | 'unverified' | 'verified';

export function sessionStatus(me: Me | undefined): SessionStatus {
  if (!me) return 'loading';
  if (!me.user) return 'guest';
  return me.user.emailVerified ? 'verified' : 'unverified';
}
