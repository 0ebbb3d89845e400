import { useQueryClient } from '@tanstack/react-query';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { describeDevice } from '../../lib/device';
import { timeAgo } from '../../lib/time';
import { refreshAfterAccountChange } from '../auth/session';
import { messageOf, revokeAllSessions, revokeOtherSessions, revokeSession, type SessionRow } from '../auth/auth-api';
import { formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { settingsKeys, useSessionsQuery } from './queries';
import { SettingsSection } from './settings-section';

const isPhone = (ua: string | null) => !!ua && /iPhone|Android|Mobile/.test(ua);

/** Where the account is signed in, with this browser marked; revoke one, the others, or all. */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const query = useSessionsQuery();
  const now = useNow();
  const [pending, setPending] = useState<string | null>(null);

  const run = async (key: string, work: () => Promise<unknown>, done: string, everything = false) => {
    setPending(key);
    try {
      await work();
      toast.success(done);
      // Signing out everywhere ends this session too: re-read who is signed in.
      if (everything) await refreshAfterAccountChange(queryClient);
      else await queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });
    } catch (err) {
      toast.error('Could not sign out', { description: messageOf(err) });
    } finally {
      setPending(null);
    }
  };

  const sessions = query.data?.sessions ?? [];
  const others = sessions.filter((s) => s.id !== query.data?.currentId);

  return (
    <SettingsSection id="sessions" icon={Monitor} title="Sessions" description="Devices where your account is signed in. Sign out of any you don’t recognise.">
      {query.isPending ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : query.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Could not load your sessions. {messageOf(query.error)}
        </p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label="Active sessions">
          {sessions.map((s) => (
            <SessionItem
              key={s.id}
              session={s}
              now={now}
              current={s.id === query.data.currentId}
              pending={pending === s.id}
              disabled={pending !== null}
              onRevoke={() => void run(s.id, () => revokeSession(s.id), 'Session signed out')}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={pending !== null || others.length === 0}
          onClick={() => void run('others', revokeOtherSessions, 'Signed out of other devices')}
        >
          {pending === 'others' ? <Spinner className="size-4 text-current" label="Signing out" /> : null}
          Sign out of other devices
        </Button>
        <Button variant="destructive" disabled={pending !== null} onClick={() => void run('all', revokeAllSessions, 'Signed out everywhere', true)}>
          {pending === 'all' ? <Spinner className="size-4 text-current" label="Signing out" /> : <LogOut aria-hidden />}
          Sign out everywhere
        </Button>
      </div>
    </SettingsSection>
  );
}

function SessionItem({
  session,
  now,
  current,
  pending,
  disabled,
  onRevoke,
}: {
  session: SessionRow;
  now: number;
  current: boolean;
  pending: boolean;
  disabled: boolean;
  onRevoke: () => void;
}) {
  const device = describeDevice(session.userAgent);
  const Icon = isPhone(session.userAgent) ? Smartphone : Monitor;
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="session-row" data-current={current}>
      <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {device}
          {current ? <Badge variant="success">This device</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.ipAddress ? `${session.ipAddress} · ` : ''}
          <span title={formatDateTime(session.createdAt)}>Signed in {timeAgo(session.createdAt, now)}</span>
          {' · '}
          <span title={formatDateTime(session.updatedAt)}>Last active {timeAgo(session.updatedAt, now)}</span>
        </p>
      </div>
      {current ? null : (
        <Button size="sm" variant="outline" disabled={disabled} onClick={onRevoke} aria-label={`Revoke ${device}`}>
          {pending ? <Spinner className="size-4 text-current" label="Signing out" /> : null}
          Revoke
        </Button>
      )}
    </li>
  );
}
