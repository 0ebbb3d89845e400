import { z } from 'zod';

/**
 * The account rules of docs/product.md §5, written once: the forms check them in the browser and the
 * server checks the same schemas on every request.
 */

export const EMAIL_MAX = 255;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;

export const EmailSchema = z.email('Invalid email address').max(EMAIL_MAX, 'Invalid email address');

export const EmailOrUsernameSchema = z.string().min(1, 'Email or username is required').max(EMAIL_MAX, 'Email or username must be less than 255 characters');

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, 'Password must be at least 8 characters')
  .max(PASSWORD_MAX, 'Password must be less than 100 characters')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number')
  .regex(/[^A-Za-z0-9]/, 'Password must contain at least one special character');

export const USERNAME_RULE_MESSAGE = 'Username must be 3-20 characters and contain only letters, numbers, and underscores';
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;

/**
 * docs/product.md §5: non-blank after trimming. Usernames live in addresses (`/profile/{username}`), so
 * the registration rule (3-20 letters, digits or underscores) applies to every sign-up too.
 */
export const SignupUsernameSchema = z.string().trim().min(1, 'Username is required').regex(USERNAME_PATTERN, USERNAME_RULE_MESSAGE);

export const DISPLAY_NAME_REQUIRED = 'Display name is required';
export const DISPLAY_NAME_TOO_LONG = 'Display name must be less than 50 characters';
export const DISPLAY_NAME_TAKEN = 'Display name is already taken';
/** The longest display name taken: it must be shorter than 50 characters. */
export const DISPLAY_NAME_MAX_LENGTH = 49;
/** Display name inputs let one type one character more, so the rule's message shows instead of a silent stop. */
export const DISPLAY_NAME_FIELD_MAX_LENGTH = DISPLAY_NAME_MAX_LENGTH + 1;

/** One display-name rule for sign-up, wallet registration and profile edits. */
export const DisplayNameSchema = z.string().trim().min(1, DISPLAY_NAME_REQUIRED).max(DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_TOO_LONG);

export const LoginSchema = z.object({
  emailOrUsername: EmailOrUsernameSchema,
  password: PasswordSchema,
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const SignupSchema = z.object({
  username: SignupUsernameSchema,
  /** Stored as display_name; the username when left empty. */
  displayName: z.string().trim().max(DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_TOO_LONG).optional(),
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignupInput = z.infer<typeof SignupSchema>;

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

/**
 * docs/product.md §5: one point each for length >= 8, length >= 12, mixed case, a digit and a special
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

// Messages of docs/product.md §8 the server sends as they are, so every client shows the same words.
export const USERNAME_NOT_FOUND = 'Username not found';
export const USERNAME_TAKEN = 'Username is already taken';
export const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';
export const LEAKED_PASSWORD = 'This password has been found in a data breach. Please choose a different password.';
export const EMAIL_EXISTS = 'An account with this email already exists. Please sign in instead.';

/** Failed sign-ins allowed per account and per address within the window before the limit. */
export const LOGIN_LIMIT = { perAccount: 5, perAddress: 20, windowMinutes: 15 } as const;
/** Wrong two-factor codes before the factor locks, and for how long. */
export const MFA_MAX_ATTEMPTS = 5;
export const MFA_LOCK_MINUTES = 15;
/** docs/product.md §9: the attempts warning shows when fewer than this many remain. */
export const MFA_WARN_BELOW = 5;

export const TwoFactorCodeSchema = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code');

/** docs/product.md §8 "Login Failed": the text shown for a server's message. */
export function loginErrorMessage(message: string | undefined): string {
  const m = message ?? '';
  if (/rate limit/i.test(m) || m === TOO_MANY_LOGINS || /too many/i.test(m)) return TOO_MANY_LOGINS;
  if (/invalid login/i.test(m) || /invalid (email|username) or password/i.test(m)) {
    return 'Invalid credentials. Please check your email/username and password.';
  }
  if (m === USERNAME_NOT_FOUND) return USERNAME_NOT_FOUND;
  // docs/product.md "Reports and moderation": a banned account is told so, not sent to retype its password.
  if (/has been banned/i.test(m)) return m;
  return 'Invalid email, username, or password';
}

/** docs/product.md §8 "Signup Failed": the text shown for a server's message. */
export function signupErrorMessage(message: string | undefined): string {
  const m = message ?? '';
  if (/breach|compromised|leaked|pwned/i.test(m)) return LEAKED_PASSWORD;
  if (/already (exists|registered)|use another email/i.test(m)) return EMAIL_EXISTS;
  if (
    m === USERNAME_TAKEN ||
    m === USERNAME_RULE_MESSAGE ||
    m === DISPLAY_NAME_TOO_LONG ||
    m.startsWith('Password ') ||
    m === 'Invalid email address' ||
    m === 'Username is required'
  )
    return m;
  return 'Could not create account';
}

export const TWO_FACTOR_NOT_SET_UP = '2FA not set up';

/** docs/product.md §8: the warning under a wrong two-factor code, shown while fewer than five tries remain. */
export function attemptsRemainingMessage(remaining: number): string {
  return `${remaining} attempts remaining before account lockout`;
}

/**
 * docs/product.md §8 "Two-factor": what a failed code shows. The title is 'Account Temporarily Locked'
 * when the server's message speaks of a lock or too many tries, else 'Verification Failed';
 * `warning` is the attempts line, present while 1-4 tries remain.
 */
export function twoFactorFailure(message: string | undefined, remaining: number | undefined): { title: string; description: string; warning?: string } {
  const m = message ?? '';
  if (/not enabled|isn't enabled|not set up|not available/i.test(m)) {
    return { title: TWO_FACTOR_NOT_SET_UP, description: 'This account has no authenticator app to check the code against.' };
  }
  if (/locked|too many/i.test(m)) return { title: 'Account Temporarily Locked', description: m };
  if (/two factor cookie/i.test(m)) return { title: 'Verification Failed', description: 'This sign-in has expired. Please log in again.' };
  const warning = remaining !== undefined && remaining > 0 && remaining < MFA_WARN_BELOW ? attemptsRemainingMessage(remaining) : undefined;
  return { title: 'Verification Failed', description: warning ?? (m || 'Invalid code'), ...(warning ? { warning } : {}) };
}

/** The base32 secret inside an authenticator URI (`otpauth://totp/...?secret=...`), for manual entry. */
export function totpSecret(totpUri: string): string | undefined {
  if (!totpUri.startsWith('otpauth://')) return undefined;
  const m = /[?&]secret=([^&#]+)/.exec(totpUri);
  return m ? decodeURIComponent(m[1]!) : undefined;
}
