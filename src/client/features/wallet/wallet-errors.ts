/**
 * The wallet side of docs/product.md §8 and §9: the exact texts a wallet failure shows, how a provider's
 * error maps to one of them, and the polling the connect step waits with. Pure: no window, no
 * React, timers injected, so it is unit-tested in node.
 */
import { GENERIC_ERROR_MESSAGE } from '../../../shared/platform/errors';
import { ApiError } from '../../lib/api';

export const PHANTOM_INSTALL_URL = 'https://phantom.app/';

/** docs/product.md §8 "Toasts: wallet", word for word. */
export const WALLET_TEXT = {
  notDetected: 'Phantom wallet not detected. Please install the Phantom browser extension.',
  installPhantom: 'Please install Phantom wallet',
  tooLong: 'Phantom wallet took too long to initialize',
  noAddress: 'Failed to retrieve wallet address. Please make sure your wallet is unlocked and try again.',
  noSignMessage: 'Wallet does not support message signing',
  noSignature: 'Failed to get wallet signature',
  connectionCancelled: 'Connection cancelled. Please approve the connection in your wallet.',
  unlock: 'Please unlock your Phantom wallet and try again.',
  loginCancelled: 'Login cancelled',
  connected: 'Wallet connected successfully!',
  existingWallet: 'Existing wallet detected, logging you in...',
  loggedIn: 'Logged in successfully!',
  failedToSignIn: 'Failed to sign in',
  failedToLogInWithWallet: 'Failed to log in with wallet',
  loginDefault: 'Failed to login with wallet',
  noSession: 'No session returned from login',
  missingToken: 'Authentication failed - missing token',
  registrationFailed: 'Registration failed',
  registeredButSignedOut: 'Registration completed but authentication failed - please try logging in',
  failedToCreateAccount: 'Failed to create account',
  logInToLink: 'Please log in again to connect your wallet',
  linkMessageFormat: 'Wallet verification failed due to message format. Please try again.',
  sessionExpired: 'Session expired. Please log out and log in again to connect your wallet.',
  ownershipFailed: 'Failed to verify wallet ownership',
  verificationFailed: 'Wallet verification failed',
  disconnected: 'Wallet Disconnected',
  disconnectedDescription: 'Your wallet has been disconnected. You have been logged out.',
} as const;

/** docs/product.md §9 wallet connect timings. */
export const WALLET_TIMINGS = {
  /** Wait after the user picks the wallet, before looking for it. */
  selectDelayMs: 150,
  readinessPolls: 8,
  readinessIntervalMs: 250,
  publicKeyPolls: 10,
  publicKeyIntervalMs: 500,
  /** One more connect attempt after this pause when the first one lost a race. */
  raceRetryMs: 500,
} as const;

export type WalletFailure = 'not-detected' | 'too-long' | 'no-address' | 'no-sign-message' | 'no-signature';

const FAILURE_TEXT: Record<WalletFailure, string> = {
  'not-detected': WALLET_TEXT.notDetected,
  'too-long': WALLET_TEXT.tooLong,
  'no-address': WALLET_TEXT.noAddress,
  'no-sign-message': WALLET_TEXT.noSignMessage,
  'no-signature': WALLET_TEXT.noSignature,
};

/** A failure we detected ourselves (as opposed to an error the provider threw). */
export class WalletError extends Error {
  constructor(readonly failure: WalletFailure) {
    super(FAILURE_TEXT[failure]);
    this.name = 'WalletError';
  }
}

function codeOf(error: unknown): unknown {
  return error && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : undefined;
}

function textOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  return '';
}

/** The user closed or refused the wallet's prompt: EIP-1193 code 4001, or Phantom's wording. */
export function isUserRejection(error: unknown): boolean {
  return codeOf(error) === 4001 || /user rejected/i.test(textOf(error));
}

export function isLockedWallet(error: unknown): boolean {
  return /\b(locked|unlock)/i.test(textOf(error));
}

/**
 * A connect that failed only because another request was still in flight, or the extension was
 * mid-start: worth one more try after a pause (docs/product.md §9's 500 ms retry on a race condition).
 */
export function isConnectRace(error: unknown): boolean {
  const code = codeOf(error);
  return code === -32603 || code === -32002 || /already pending|already processing|unexpected error|not ready/i.test(textOf(error));
}

/** Where a wallet step failed: it decides the text a refusal gets. */
export type WalletStage = 'connect' | 'login' | 'link' | 'register';

/**
 * The text for a wallet-side failure at a stage. A refused prompt while connecting (or signing to
 * link or register) is 'Connection cancelled...'; while signing to log in it is 'Login cancelled'
 * (docs/product.md §8 wallet login). `fallback` is for anything the wallet says that we cannot place.
 */
export function walletErrorMessage(error: unknown, stage: WalletStage, fallback: string): string {
  if (error instanceof WalletError) return error.message;
  if (isUserRejection(error)) return stage === 'login' ? WALLET_TEXT.loginCancelled : WALLET_TEXT.connectionCancelled;
  if (isLockedWallet(error)) return WALLET_TEXT.unlock;
  return fallback;
}

/** Whether the failure means there is no Phantom to talk to: the toast then offers the install link. */
export function needsInstall(error: unknown): boolean {
  return error instanceof WalletError && error.failure === 'not-detected';
}

export type Sleep = (ms: number) => Promise<void>;
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `check` up to `attempts` times, `intervalMs` apart, until it returns something; the first
 * call is immediate. Resolves to that value, or undefined when every attempt came back empty.
 */
export async function pollFor<T>(
  check: () => T | null | undefined,
  { attempts, intervalMs, wait = sleep }: { attempts: number; intervalMs: number; wait?: Sleep },
): Promise<T | undefined> {
  for (let i = 0; i < attempts; i++) {
    const value = check();
    if (value !== null && value !== undefined) return value;
    if (i < attempts - 1) await wait(intervalMs);
  }
  return undefined;
}

export { shortAddress } from '../../lib/format';

/** The toast action that sends someone without Phantom to install it. */
export const INSTALL_LINK = { label: 'Install Phantom', href: PHANTOM_INSTALL_URL };

export const apiCode = (error: unknown): string | undefined => (error instanceof ApiError ? error.code : undefined);

/** Rejections of the signed message itself (401 too, but not a missing session). */
const PROOF_REFUSALS = new Set(['message_expired', 'message_from_future', 'message_replayed', 'invalid_signature']);

export function isSessionMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && !PROOF_REFUSALS.has(apiCode(error) ?? '');
}

export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.message !== GENERIC_ERROR_MESSAGE ? error.message : undefined;
}

/** Whether the wallet (not the server) failed: refused prompt, no provider, no signature... */
export function isWalletSide(error: unknown): boolean {
  return !(error instanceof ApiError) && !(error instanceof TypeError && /fetch/i.test(error.message));
}
