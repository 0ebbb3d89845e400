import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, LoaderCircle, UserCheck } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { BlockedAccount } from '../../../shared/profiles/profiles';
import { paths } from '../../../shared/platform/routes';
import { api } from '../../lib/api';
import { cn } from '../../lib/utils';
import { timeAgo } from '../../lib/time';
import { useSession } from '../auth/session';
import { UserAvatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';

const blockedKey = ['blocked-accounts'] as const;
const NONE: ReadonlySet<string> = new Set();

/** The accounts you blocked (signed in): their chat, comments and notifications are hidden from you. */
export function useBlockedAccounts() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...blockedKey, user?.id ?? ''],
    queryFn: async ({ signal }) => (await api<{ blocked: BlockedAccount[] }>('/api/profile/blocked', { signal })).blocked,
    enabled: !!user,
    staleTime: 5 * 60_000,
  });
}

/** The ids of the accounts you blocked, for hiding what they write as it arrives. */
export function useBlockedIds(): ReadonlySet<string> {
  const list = useBlockedAccounts().data;
  // One set per list read, so what depends on it (the chat's filter) is not redone every render.
  return useMemo(() => (list && list.length ? new Set(list.map((b) => b.user.id)) : NONE), [list]);
}

/** Blocks (`true`) or unblocks an account; what it wrote leaves (or comes back to) every list. */
export function useBlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ username, blocked }: { username: string; blocked: boolean }) =>
      api<{ blocked: boolean }>(`/api/profiles/${encodeURIComponent(username)}/block`, { method: blocked ? 'PUT' : 'DELETE' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: blockedKey });
      // What they wrote is asked again without it (or with it): chats, comments, the bell.
      void qc.invalidateQueries({ queryKey: ['chat'] });
      void qc.invalidateQueries({ queryKey: ['notifications'] });
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'videos' && q.queryKey[1] === 'comments' });
    },
  });
}

/** "Block" or "Unblock" on a profile (signed in, not your own). */
export function BlockButton({ user, className }: { user: { id: string; username: string; displayName: string }; className?: string }) {
  const { user: me } = useSession();
  const blocked = useBlockedIds().has(user.id);
  const block = useBlock();
  if (!me || me.id === user.id) return null;
  return (
    <Button
      variant="outline"
      className={cn('rounded-full', className)}
      disabled={block.isPending}
      onClick={() =>
        block.mutate(
          { username: user.username, blocked: !blocked },
          {
            onSuccess: () =>
              toast.success(blocked ? `${user.displayName} is unblocked` : `${user.displayName} is blocked`, {
                description: blocked ? undefined : 'Their chat messages, comments and notifications are hidden from you.',
              }),
            onError: (error) => toast.error(error.message),
          },
        )
      }
    >
      {block.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : blocked ? <UserCheck aria-hidden /> : <Ban aria-hidden />}
      {blocked ? 'Unblock' : 'Block'}
    </Button>
  );
}

/** The accounts you blocked, each with "Unblock" (Settings). */
export function BlockedAccountsList() {
  const query = useBlockedAccounts();
  const block = useBlock();
  if (query.isPending) return <Skeleton className="h-20 rounded-lg" />;
  if (query.isError) return <ErrorState compact error={query.error} onRetry={() => void query.refetch()} title="Couldn’t load the accounts you blocked" />;
  if (query.data.length === 0)
    return (
      <EmptyState
        compact
        headingLevel="h3"
        icon={Ban}
        title="No one blocked"
        description="Block an account from its profile or from a chat message."
        className="border-none"
      />
    );
  return (
    <ul aria-label="Blocked accounts" className="flex flex-col divide-y">
      {query.data.map((b) => (
        <li key={b.user.id} className="flex items-center gap-3 py-3" data-testid="blocked-account">
          <UserAvatar name={b.user.displayName} seed={b.user.username} src={b.user.avatarUrl} className="size-9" />
          <div className="flex min-w-0 flex-1 flex-col">
            <Link to={paths.profile(b.user.username)} className="truncate text-sm font-semibold hover:underline">
              {b.user.displayName}
            </Link>
            <span className="text-xs text-muted-foreground">
              @{b.user.username} · blocked <time dateTime={b.since}>{timeAgo(b.since)}</time>
            </span>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={block.isPending && block.variables?.username === b.user.username}
            aria-label={`Unblock ${b.user.displayName}`}
            onClick={() =>
              block.mutate(
                { username: b.user.username, blocked: false },
                { onSuccess: () => toast.success(`${b.user.displayName} is unblocked`), onError: (error) => toast.error(error.message) },
              )
            }
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
