import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { LoginInput, SignupInput } from '../../shared/auth';
import type { Creator } from '../../shared/content';
// Types only: src/shared/session.ts also builds zod schemas, which the first page load does without.
import type { Me, SessionStatus } from '../../shared/session';
import { api } from '../lib/api';

export type Role = 'admin' | 'moderator';

/** The signed-in person as the client needs them: header, menu, guards. */
export interface SessionUser extends Creator {
  email: string | null;
  /** SPEC.md §4: verified once the email is confirmed. */
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  publicWalletAddress: string | null;
  roles: Role[];
}

export type { SessionStatus };

/**
 * What the auth dialog and the account screens ask the session to do. Each is optional: a form
 * calls the one it needs with `?.()`, so a missing action does nothing rather than pretend.
 */
export interface AuthActions {
  logIn?: (input: LoginInput) => Promise<void>;
  signUp?: (input: SignupInput) => Promise<void>;
  signInWithGoogle?: () => Promise<void>;
  connectPhantom?: () => Promise<void>;
  requestPasswordReset?: (email: string) => Promise<void>;
  updatePassword?: (password: string) => Promise<void>;
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
    // SPEC.md §4 fallbacks, for the moment between sign-in and the profile row existing.
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
 * `GET /api/me`, read through the httpOnly session cookie) and how to sign in or out. Signing
 * out is here; the sign-in, sign-up, Google and Phantom flows join `actions` with the client side
 * of accounts, and until they do, the auth dialog's forms validate their input and stop there.
 */

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sessionKeys.current,
    queryFn: ({ signal }) => api<Me>('/api/me', { signal }),
  });
  const user = useMemo(() => (query.data ? toSessionUser(query.data) : null), [query.data]);
  // SPEC.md §4, as `sessionStatus` in src/shared/session.ts; an unreachable server leaves the
  // visitor a guest rather than waiting forever.
  const status: SessionStatus = query.isError
    ? 'guest'
    : !query.data
      ? 'loading'
      : !user
        ? 'guest'
        : user.emailVerified
          ? 'verified'
          : 'unverified';
  const actions = useMemo<AuthActions>(
    () => ({
      signOut: async () => {
        await api('/api/auth/sign-out', { method: 'POST', json: {} });
        await queryClient.invalidateQueries({ queryKey: sessionKeys.current });
      },
    }),
    [queryClient],
  );
  const value = useMemo<Session>(() => ({ status, user, actions }), [status, user, actions]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** SPEC.md §4: loading until first known, then guest, unverified or verified. */
export function useSession(): Session {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside <SessionProvider>');
  return ctx;
}

/** Admins count as moderators (SPEC.md §6). */
export function isModerator(user: Pick<SessionUser, 'roles'> | null): boolean {
  return !!user && (user.roles.includes('moderator') || user.roles.includes('admin'));
}

export function isAdmin(user: Pick<SessionUser, 'roles'> | null): boolean {
  return !!user && user.roles.includes('admin');
}
