import { toast } from 'sonner';
import { loginErrorMessage, signupErrorMessage, twoFactorFailure, type LoginInput, type SignupInput } from '../../../shared/auth/auth';
import type { Me } from '../../../shared/auth/session';
import * as authApi from './auth-api';
import { isNativePlatform } from '../../lib/native/platform';

/**
 * The sign-in flows behind the session's `actions`, with the toasts of docs/product.md §4 and §8. This
 * module (and zod, through the shared rules) loads on first use, not with every page.
 */

/** Re-reads who is signed in and returns it. */
export type Refresh = () => Promise<Me | undefined>;

export type LoginResult = 'signed-in' | 'two-factor' | 'failed';
export type TwoFactorResult = { ok: true } | { ok: false; warning?: string | undefined; expired?: boolean };
export type ResetResult = { ok: true } | { ok: false; message: string };

export async function logIn(input: LoginInput, refresh: Refresh): Promise<LoginResult> {
  let answer: authApi.SignInAnswer;
  try {
    answer = await authApi.signInWithPassword(input.emailOrUsername, input.password);
  } catch (error) {
    toast.error('Login Failed', { description: loginErrorMessage(authApi.messageOf(error, '')) });
    return 'failed';
  }
  // docs/product.md §4: an account with an authenticator continues on the two-factor step.
  if ('twoFactorRedirect' in answer && answer.twoFactorRedirect) return 'two-factor';
  toast.success('Welcome back!', { description: 'You have successfully logged in.' });
  await refresh();
  return 'signed-in';
}

export async function signUp(input: SignupInput, refresh: Refresh): Promise<boolean> {
  try {
    await authApi.signUpWithEmail(input);
  } catch (error) {
    toast.error('Signup Failed', { description: signupErrorMessage(authApi.messageOf(error, '')) });
    return false;
  }
  toast.success('Account Created!', {
    description: `Please check your email (${input.email}) and click the link to confirm your account.`,
  });
  // docs/product.md §4: a profile check follows sign-up; without one, warn rather than fail.
  const me = await refresh().catch(() => undefined);
  if (!me?.user || !me.profile) {
    toast.warning('Warning', { description: 'Profile verification failed. Please contact support if you experience issues.' });
  }
  return true;
}

export async function verifyTwoFactor(code: string, refresh: Refresh): Promise<TwoFactorResult> {
  try {
    await authApi.verifyTotp(code);
  } catch (error) {
    const remaining = authApi.answerField(error, 'remaining_attempts');
    const message = authApi.messageOf(error, 'Could not check the code. Please try again.');
    const failure = twoFactorFailure(message, typeof remaining === 'number' ? remaining : undefined);
    toast.error(failure.title, { description: failure.description });
    return { ok: false, warning: failure.warning, expired: /two factor cookie/i.test(message) };
  }
  toast.success('Verified!', { description: 'You have successfully logged in.' });
  await refresh();
  return { ok: true };
}

export async function signInWithGoogle(): Promise<void> {
  // Google refuses its sign-in inside the app's WebView: the app goes through the system browser.
  if (isNativePlatform()) {
    try {
      await (await import('../native/google-sign-in')).startNativeGoogleSignIn();
    } catch {
      toast.error('Failed to sign in with Google');
    }
    return;
  }
  try {
    const { url } = await authApi.startGoogleSignIn();
    authApi.goToProvider(url);
  } catch {
    toast.error('Failed to sign in with Google');
  }
}

export async function requestPasswordReset(email: string): Promise<boolean> {
  try {
    await authApi.requestPasswordReset(email);
    return true;
  } catch (error) {
    toast.error('Could not send the reset link', { description: authApi.messageOf(error) });
    return false;
  }
}

export async function resetPassword(token: string, password: string, refresh: Refresh): Promise<ResetResult> {
  try {
    await authApi.resetPassword(token, password);
  } catch (error) {
    return { ok: false, message: authApi.messageOf(error) };
  }
  toast.success('Password updated', { description: 'Log in with your new password.' });
  // The reset signs the account out everywhere, this browser included.
  await refresh().catch(() => undefined);
  return { ok: true };
}

export async function resendVerification(email: string): Promise<boolean> {
  try {
    await authApi.sendVerificationEmail(email);
  } catch (error) {
    toast.error('Could not send the email', { description: authApi.messageOf(error) });
    return false;
  }
  toast.success('Verification email sent', { description: `We sent a new confirmation link to ${email}.` });
  return true;
}
