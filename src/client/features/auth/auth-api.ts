import { api, ApiError } from '../../lib/api';

/**
 * The account endpoints of our server (Better Auth under /api/auth), one function each. They
 * throw `ApiError` with the server's `{ code, message }` (the bridge gives Better Auth's answers
 * that shape too); callers decide what to show.
 */

const post = <T>(path: string, json: unknown = {}) => api<T>(`/api/auth${path}`, { method: 'POST', json });
const get = <T>(path: string) => api<T>(`/api/auth${path}`);

/** Where a sign-in went: done, or waiting for the authenticator code. */
export type SignInAnswer = { twoFactorRedirect: true } | { token: string; user: unknown };

export function signInWithPassword(identifier: string, password: string): Promise<SignInAnswer> {
  const id = identifier.trim();
  // An address has an @; anything else is a username, resolved on the server (docs/product.md).
  return id.includes('@') ? post('/sign-in/email', { email: id, password }) : post('/sign-in/username', { username: id, password });
}

export function signUpWithEmail(input: { email: string; password: string; username: string; displayName?: string | undefined }) {
  return post<{ token: string | null }>('/sign-up/email', {
    email: input.email,
    password: input.password,
    username: input.username,
    name: input.displayName ?? '',
    callbackURL: '/app',
  });
}

export const verifyTotp = (code: string) => post<{ token: string }>('/two-factor/verify-totp', { code });
export const signOut = () => post<{ success: boolean }>('/sign-out');

/** The provider's address to send the browser to; errors come back to /app in the address. */
export const startGoogleSignIn = () =>
  post<{ url: string }>('/sign-in/social', { provider: 'google', callbackURL: '/app', errorCallbackURL: '/app', newUserCallbackURL: '/app' });

export const requestPasswordReset = (email: string) => post('/request-password-reset', { email, redirectTo: '/update-password' });
export const resetPassword = (token: string, newPassword: string) => post('/reset-password', { token, newPassword });
export const sendVerificationEmail = (email: string, callbackURL = '/app') => post('/send-verification-email', { email, callbackURL });

// Settings

export interface LinkedAccount {
  id: string;
  providerId: 'credential' | 'google' | 'phantom' | (string & {});
  accountId: string;
  createdAt: string;
}

export interface SessionRow {
  id: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export const listAccounts = () => get<LinkedAccount[]>('/list-accounts');
export const listSessions = () => get<SessionRow[]>('/list-sessions');
export const getCurrentSession = () => get<{ session: { id: string } } | null>('/get-session');

export const changePassword = (currentPassword: string, newPassword: string) =>
  post('/change-password', { currentPassword, newPassword, revokeOtherSessions: true });
export const addEmail = (email: string) => post<{ email: string }>('/add-email', { email, callbackURL: '/settings' });

export const enableTwoFactor = (password: string | undefined) =>
  post<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', password ? { password } : {});
export const disableTwoFactor = (password: string | undefined) => post('/two-factor/disable', password ? { password } : {});

export const linkGoogle = () =>
  post<{ url: string }>('/link-social', { provider: 'google', callbackURL: '/settings?linked=google', errorCallbackURL: '/settings' });
/** `accountId` is the linked account's own id (`LinkedAccount.id`), not the provider's. */
export const unlinkAccount = (accountId: string) => post('/unlink-account', { accountId });

/** Signs out one session by its id (page scripts never see session tokens). */
export const revokeSession = (id: string) => api(`/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const revokeOtherSessions = () => post('/revoke-other-sessions');
export const revokeAllSessions = () => post('/revoke-sessions');

/** The server's message of a failed call, or a fallback for a network failure. */
export function messageOf(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof ApiError && error.status > 0 ? error.message || fallback : fallback;
}

/** A field of the failed answer beyond `message` (two-factor's `remaining_attempts`). */
export function answerField(error: unknown, field: string): unknown {
  return error instanceof ApiError ? error.body[field] : undefined;
}

/**
 * Sends the browser to a provider. docs/product.md §4: inside a frame, navigate the top window, and if
 * the frame may not do that, open a new tab.
 */
export function goToProvider(url: string) {
  if (window.top && window.top !== window.self) {
    try {
      window.top.location.href = url;
      return;
    } catch {
      window.open(url, '_blank', 'noopener');
      return;
    }
  }
  window.location.assign(url);
}
