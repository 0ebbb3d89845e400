import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LoginInput, SignupInput } from '../../../shared/auth/auth';
import type { LoginResult, ResetResult, TwoFactorResult } from './auth-flows';
import type { Creator } from '../../../shared/profiles/creator';
// Types only: src/shared/auth/session.ts also builds zod schemas, which the first page load does without.
import { INLINE_SESSION_ID } from '../../../shared/platform/page-data';
import type { Me, SessionStatus } from '../../../shared/auth/session';
import { api, holdingRequests } from '../../lib/api';
import { toast } from '../../lib/toast';
import { DELETION_CANCELLED_MESSAGE } from '../../../shared/privacy/privacy-messages';
import type { WalletProof } from '../../../shared/wallet/wallet';
import { walletActions, type WalletIntent } from '../wallet/wallet-actions';

export type Role = 'admin' | 'moderator';

/** The signed-in person as the client needs them: header, menu, guards. */
export interface SessionUser extends Creator {
  email: string | null;
  /** docs/product.md §4: verified once the email is confirmed. */
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  publicWalletAddress: string | null;
  roles: Role[];
}

export type { SessionStatus };

/**
 * What the auth dialog and the account screens ask the session to do. Each reports its own
 * outcome (toasts of docs/product.md §4 and §8) and refreshes the session; an optional one is called
 * with `?.()`, so a missing action does nothing rather than pretend.
 */
export interface AuthActions {
  /** Email or username and password; 'two-factor' when the account must still pass its code. */
  logIn: (input: LoginInput) => Promise<LoginResult>;
  /** True once the account exists (and is signed in, unverified). */
  signUp: (input: SignupInput) => Promise<boolean>;
  /** The six-digit step after a password login (docs/product.md §2 Two-factor screen). */
  verifyTwoFactor: (code: string) => Promise<TwoFactorResult>;
  /** Cancel on the two-factor step: drops the half-finished sign-in. */
  cancelTwoFactor: () => Promise<void>;
  signInWithGoogle: () => Promise<void>;
  /** Phantom (docs/product.md §4): a guest logs in, or goes on to register unless `intent` is 'login'; a signed-in user links the wallet. */
  connectPhantom?: (options?: { intent?: WalletIntent }) => Promise<void>;
  /** Unlinks the wallet and signs out (docs/product.md §4 wallet disconnect). */
  disconnectWallet?: () => Promise<void>;
  /** A fresh signature of the wallet, when a step asks who is there again (deleting the account). */
  proveWalletOwnership?: () => Promise<WalletProof | undefined>;
  /** True once asked; the answer never tells whether the email has an account. */
  requestPasswordReset: (email: string) => Promise<boolean>;
  /** Sets the new password with the mailed link's token. */
  resetPassword: (token: string, password: string) => Promise<ResetResult>;
  resendVerification: (email: string) => Promise<boolean>;
  signOut?: () => Promise<void>;
}

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  actions: AuthActions;
}

export const sessionKeys = {
  current: ['session'] as const,
};

/** `GET /api/me` in the shape the client uses; null for a guest. */
function toSessionUser(me: Me): SessionUser | null {
  if (!me.user) return null;
  const p = me.profile;
  return {
    id: me.user.id,
    email: me.user.email,
    emailVerified: me.user.emailVerified,
    twoFactorEnabled: me.user.twoFactorEnabled,
    // docs/product.md §4 fallbacks, for the moment between sign-in and the profile row existing.
    username: p?.username ?? `user_${me.user.id.slice(0, 8)}`,
    displayName: p?.displayName ?? 'User',
    avatarUrl: p?.avatarUrl ?? null,
    verificationType: p?.verificationType ?? 'none',
    publicWalletAddress: p?.publicWalletAddress ?? null,
    roles: me.roles ?? [],
  };
}

/*
 * The session source, the single place where the client learns who is signed in (the server's
 * `GET /api/me`, read through the httpOnly session cookie) and how to sign in or out. The
 * password, two-factor and Google flows live in ./auth-flows.ts, loaded on first use.
 */

const SessionContext = createContext<Session | null>(null);

/** What is cached for the account: every query but who is signed in. */
const accountQueries = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== sessionKeys.current[0];

/**
 * After a sign-in, sign-out or account change: everything cached may depend on who is asking.
 * The order matters: who is signed in is asked first and applied (so screens and queries that
 * need an account stop), and only then is the rest asked again; otherwise a sign-out would
 * refetch the account's own data one last time and get 401s.
 */
export async function refreshAfterAccountChange(queryClient: QueryClient): Promise<Me | undefined> {
  await queryClient.refetchQueries({ queryKey: sessionKeys.current });
  // Query observers hear of the new session in a macrotask; React renders right after it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await queryClient.invalidateQueries({ predicate: accountQueries });
  return queryClient.getQueryData<Me>(sessionKeys.current);
}

/**
 * Sends `post`, a request after which the server no longer accepts the session cookie the page
 * holds: a sign-out, or a two-factor change (the server then hands out a new session). What is
 * still being fetched for the account is dropped first, since a request the server answers after
 * the change would be refused with a 401 in the console. If `post` fails, the session is unchanged
 * and what was dropped is fetched again.
 */
export async function changeSession<T>(queryClient: QueryClient, post: () => Promise<T>): Promise<T> {
  await queryClient.cancelQueries({ predicate: accountQueries });
  // A fetch that starts meanwhile (a refetch on focus, a realtime event) waits for `post` in `api`,
  // and is dropped after it as the ones in flight were.
  return holdingRequests(async () => {
    try {
      const answer = await post();
      await queryClient.cancelQueries({ predicate: accountQueries });
      return answer;
    } catch (err) {
      void queryClient.invalidateQueries({ predicate: accountQueries });
      throw err;
    }
  });
}

/** Promises kept until `release`: here, until a render as a guest has been committed. */
class Waiters {
  private pending: Array<() => void> = [];
  wait(): Promise<void> {
    return new Promise((resolve) => this.pending.push(resolve));
  }
  release(): void {
    for (const resolve of this.pending.splice(0)) resolve();
  }
}

/**
 * The `GET /api/me` answer the server wrote into the page (src/shared/platform/page-data.ts), read once: a
 * page from the server knows who is there before its first frame, so nothing is drawn twice. A
 * page without it (the offline shell, the native app) asks the API.
 */
function takeInlineSession(): { data: Me; at: number } | undefined {
  const el = typeof document === 'undefined' ? null : document.getElementById(INLINE_SESSION_ID);
  if (!el) return undefined;
  el.remove();
  try {
    const data = JSON.parse(el.textContent ?? '') as Me;
    return data && typeof data === 'object' && 'user' in data ? { data, at: Date.now() } : undefined;
  } catch {
    return undefined;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [inline] = useState(takeInlineSession);
  const query = useQuery({
    queryKey: sessionKeys.current,
    queryFn: ({ signal }) => api<Me>('/api/me', { signal }),
    initialData: inline?.data,
    initialDataUpdatedAt: inline?.at,
  });
  const user = useMemo(() => (query.data ? toSessionUser(query.data) : null), [query.data]);
  // docs/product.md §4, as `sessionStatus` in src/shared/auth/session.ts; an unreachable server leaves the
  // visitor a guest rather than waiting forever.
  const [guestCommits] = useState(() => new Waiters());
  useEffect(() => {
    if (!user) guestCommits.release();
  }, [user, guestCommits]);
  // docs/product.md "Your data": a sign-in during the grace period cancelled the deletion; say so once.
  const deletionCancelled = !!query.data?.deletionCancelled;
  useEffect(() => {
    if (!deletionCancelled) return;
    toast.info(DELETION_CANCELLED_MESSAGE, { id: 'deletion-cancelled' });
    void api('/api/account/deletion/notice', { method: 'POST', json: {} })
      .then(() => queryClient.invalidateQueries({ queryKey: ['privacy'] }))
      .catch(() => undefined);
  }, [deletionCancelled, queryClient]);
  const status: SessionStatus = query.isError ? 'guest' : !query.data ? 'loading' : !user ? 'guest' : user.emailVerified ? 'verified' : 'unverified';
  const actions = useMemo<AuthActions>(() => {
    const refresh = () => refreshAfterAccountChange(queryClient);
    /**
     * After the server ended the session: show the guest first and let the screens of signed-in
     * users unmount, so refreshing everything does not ask their endpoints (notifications) again
     * without a session.
     */
    /** Ends the session on the server (`changeSession`), then shows the guest. */
    const endSession = async (post: () => Promise<unknown>) => {
      await changeSession(queryClient, post);
      await signedOut();
    };
    const signedOut = async () => {
      if (queryClient.getQueryData<Me>(sessionKeys.current)?.user) {
        const committed = guestCommits.wait();
        queryClient.setQueryData<Me>(sessionKeys.current, { user: null });
        // A second at most: an unmounted provider commits nothing.
        await Promise.race([committed, new Promise((resolve) => setTimeout(resolve, 1000))]);
      }
      await refresh();
    };
    // The flows (and the shared rules with zod) load on first use, not with the first page.
    const flows = () => import('./auth-flows');
    return {
      logIn: async (input) => (await flows()).logIn(input, refresh),
      signUp: async (input) => (await flows()).signUp(input, refresh),
      verifyTwoFactor: async (code) => (await flows()).verifyTwoFactor(code, refresh),
      cancelTwoFactor: () => endSession(() => api('/api/auth/sign-out', { method: 'POST', json: {} }).catch(() => undefined)),
      signInWithGoogle: async () => (await flows()).signInWithGoogle(),
      requestPasswordReset: async (email) => (await flows()).requestPasswordReset(email),
      resetPassword: async (token, password) => (await flows()).resetPassword(token, password, refresh),
      resendVerification: async (email) => (await flows()).resendVerification(email),
      ...walletActions({
        refresh: async () => (await refresh())?.user?.id ?? null,
        currentUserId: () => queryClient.getQueryData<Me>(sessionKeys.current)?.user?.id ?? null,
        signOut: () => endSession(() => api('/api/auth/sign-out', { method: 'POST', json: {} })),
      }),
      signOut: async () => {
        // The push code loads for signing out, not with every first screen.
        await import('../notifications/push').then((push) => push.releasePushSubscription());
        await endSession(() => api('/api/auth/sign-out', { method: 'POST', json: {} }));
      },
    };
  }, [queryClient, guestCommits]);
  const value = useMemo<Session>(() => ({ status, user, actions }), [status, user, actions]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** docs/product.md §4: loading until first known, then guest, unverified or verified. */
export function useSession(): Session {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside <SessionProvider>');
  return ctx;
}

/** Admins count as moderators (docs/product.md §6). */
export function isModerator(user: Pick<SessionUser, 'roles'> | null): boolean {
  return !!user && (user.roles.includes('moderator') || user.roles.includes('admin'));
}

export function isAdmin(user: Pick<SessionUser, 'roles'> | null): boolean {
  return !!user && user.roles.includes('admin');
}
