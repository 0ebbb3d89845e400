import { z } from 'zod';

/**
 * The account rules of SPEC.md §5, written once: the forms check them in the browser and the
 * server checks the same schemas on every request.
 */

export const EMAIL_MAX = 255;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;

export const EmailSchema = z.email('Invalid email address').max(EMAIL_MAX, 'Invalid email address');

export const EmailOrUsernameSchema = z
  .string()
  .min(1, 'Email or username is required')
  .max(EMAIL_MAX, 'Email or username must be less than 255 characters');

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, 'Password must be at least 8 characters')
  .max(PASSWORD_MAX, 'Password must be less than 100 characters')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number')
  .regex(/[^A-Za-z0-9]/, 'Password must contain at least one special character');

export const SignupUsernameSchema = z.string().trim().min(1, 'Username is required');

export const LoginSchema = z.object({
  emailOrUsername: EmailOrUsernameSchema,
  password: PasswordSchema,
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const SignupSchema = z.object({
  username: SignupUsernameSchema,
  /** Stored as display_name; the username when left empty. */
  displayName: z.string().trim().optional(),
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignupInput = z.infer<typeof SignupSchema>;

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

/**
 * SPEC.md §5: one point each for length >= 8, length >= 12, mixed case, a digit and a special
 * character; 0-2 Weak, 3 Fair, 4 Good, 5 Strong.
 */
export function passwordStrength(pw: string): { score: number; label: PasswordStrengthLabel } {
  const score =
    Number(pw.length >= 8) +
    Number(pw.length >= 12) +
    Number(/[a-z]/.test(pw) && /[A-Z]/.test(pw)) +
    Number(/[0-9]/.test(pw)) +
    Number(/[^A-Za-z0-9]/.test(pw));
  const label: PasswordStrengthLabel = score <= 2 ? 'Weak' : score === 3 ? 'Fair' : score === 4 ? 'Good' : 'Strong';
  return { score, label };
}

/** The sign-up checklist under the strength meter, in order. */
export const PASSWORD_CHECKLIST: readonly { label: string; met: (pw: string) => boolean }[] = [
  { label: 'At least 8 characters', met: (pw) => pw.length >= 8 },
  { label: 'Upper and lowercase letters', met: (pw) => /[a-z]/.test(pw) && /[A-Z]/.test(pw) },
  { label: 'A number', met: (pw) => /[0-9]/.test(pw) },
  { label: 'A special character', met: (pw) => /[^A-Za-z0-9]/.test(pw) },
];
