import { LoaderCircle, ShieldCheck, UserX } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { RestrictedChatter } from '../../../shared/chat/chat';
import { paths } from '../../../shared/platform/routes';
import { timeAgo, timeUntil } from '../../lib/time';
import { formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { VerificationBadge } from '../profiles/verification-badge';
import { UserAvatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { useChatRestrictions, useLiftRestriction } from './queries';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/**
 * For the creator and moderators: who is timed out or banned in the creator's chats, each with a
 * "Lift" button. The list is read when the dialog opens.
 */
export function RestrictedChattersDialog({ streamId }: { streamId: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="ml-auto h-7 px-2 text-muted-foreground hover:text-foreground">
          <UserX aria-hidden /> Restricted chatters
        </Button>
      </DialogTrigger>
      <DialogContent className="gap-3 p-4 sm:p-6" data-testid="restricted-chatters">
        <DialogHeader className="pr-8 text-left">
          <DialogTitle>Restricted chatters</DialogTitle>
          <DialogDescription>Timed out or banned in every stream of this channel. Lift it to let them chat again.</DialogDescription>
        </DialogHeader>
        <RestrictedList streamId={streamId} />
      </DialogContent>
    </Dialog>
  );
}

function RestrictedList({ streamId }: { streamId: string }) {
  const query = useChatRestrictions(streamId);
  const lift = useLiftRestriction(streamId);
  // Timeouts end on their own: one that ran out while the list is open leaves it.
  const now = useNow(10_000);
  const rows = (query.data ?? []).filter((r) => r.kind === 'ban' || Date.parse(r.until) > now);
  const regionRef = useRef<HTMLDivElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3 py-2" role="status" aria-busy="true" aria-label="Loading restricted chatters">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p role="alert" className="text-sm text-destructive">
          Couldn’t load the restricted chatters. {errorText(query.error)}
        </p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const onLift = (r: RestrictedChatter, index: number) => {
    const name = r.user.displayName;
    // The row goes away with its button: focus moves to the next row's button, or to the list.
    const nextId = (rows[index + 1] ?? rows[index - 1])?.user.id;
    lift.mutate(r.user.id, {
      onSuccess: () => {
        toast.success(r.kind === 'ban' ? `${name}’s ban is lifted` : `${name}’s timeout is lifted`, { description: 'They can chat again.' });
        requestAnimationFrame(() => ((nextId && buttons.current.get(nextId)) || regionRef.current)?.focus());
      },
      onError: (error) => toast.error(errorText(error)),
    });
  };

  return (
    // min-w-0: a grid item of the dialog, it must not grow to its longest line.
    <div ref={regionRef} tabIndex={-1} className="min-w-0 outline-none">
      {rows.length === 0 ? (
        <EmptyState
          compact
          headingLevel="h3"
          icon={ShieldCheck}
          title="No restricted chatters"
          description="No one is timed out or banned in this channel’s chats."
          className="border-none"
        />
      ) : (
        <ul aria-label="Restricted chatters" className="flex flex-col divide-y">
          {rows.map((r, i) => {
            const lifting = lift.isPending && lift.variables === r.user.id;
            const what = r.kind === 'ban' ? 'ban' : 'timeout';
            return (
              <li key={r.user.id} className="flex items-center gap-3 py-3" data-testid="restricted-chatter">
                <UserAvatar name={r.user.displayName} seed={r.user.username} src={r.user.avatarUrl} className="size-9" />
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <p className="truncate text-sm">
                    <Link to={paths.profile(r.user.username)} className="font-semibold hover:underline">
                      {r.user.displayName}
                    </Link>{' '}
                    {r.user.verificationType !== 'none' ? (
                      <>
                        <span className="inline-flex align-[-2px]">
                          <VerificationBadge type={r.user.verificationType} className="size-3.5" />
                        </span>{' '}
                      </>
                    ) : null}
                    <span className="text-muted-foreground">@{r.user.username}</span>
                  </p>
                  <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted-foreground">
                    {r.kind === 'ban' ? (
                      <Badge variant="amber">Banned</Badge>
                    ) : (
                      <>
                        <Badge variant="cyan">Timed out</Badge>
                        <span>
                          ends <time dateTime={r.until}>{timeUntil(r.until, now)}</time>
                        </span>
                      </>
                    )}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    by {r.by ? r.by.displayName : 'a former moderator'} ·{' '}
                    <time dateTime={r.createdAt} title={formatDateTime(r.createdAt)}>
                      {timeAgo(r.createdAt, now)}
                    </time>
                  </p>
                  {r.reason ? <p className="line-clamp-2 text-xs break-words text-muted-foreground">“{r.reason}”</p> : null}
                </div>
                <Button
                  ref={(el) => {
                    if (el) buttons.current.set(r.user.id, el);
                    else buttons.current.delete(r.user.id);
                  }}
                  variant="outline"
                  size="sm"
                  className="h-9 sm:h-8"
                  disabled={lifting}
                  aria-label={`Lift the ${what} on ${r.user.displayName}`}
                  onClick={() => onLift(r, i)}
                >
                  {lifting ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
                  Lift
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
