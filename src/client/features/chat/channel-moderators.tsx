import { LoaderCircle, Shield, ShieldPlus, UserMinus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { AppointModeratorSchema, CHANNEL_MODERATORS_MAX, type ChannelModerator } from '../../../shared/chat/chat';
import { paths } from '../../../shared/platform/routes';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { timeAgo } from '../../lib/time';
import { UserAvatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { InputField } from '../../ui/form-field';
import { Skeleton } from '../../ui/skeleton';
import { useAppointModerator, useChannelModerators, useRemoveModerator } from './queries';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/** What a channel moderator may do, as the creator is told before appointing one. */
export const CHANNEL_MODERATOR_POWERS =
  'Your moderators delete messages, time out and ban chatters, lift those, and set chat modes in your streams, and nowhere else. Everything they do is recorded.';

/**
 * The creator's moderators: appoint someone by username, see who moderates since when, remove
 * them. Used in Settings and from the chat of the creator's own stream.
 */
export function ChannelModerators() {
  const list = useChannelModerators();
  const appoint = useAppointModerator();
  const remove = useRemoveModerator();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const moderators = list.data ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = AppointModeratorSchema.safeParse({ username });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    appoint.mutate(parsed.data, {
      onSuccess: (m) => {
        setUsername('');
        toast.success(`${m.user.displayName} is now a moderator of your chats`);
      },
      onError: (err) => setError(err instanceof ApiError ? (err.fields.username ?? err.message) : errorText(err)),
    });
  };

  const onRemove = (m: ChannelModerator) =>
    remove.mutate(m.user.id, {
      onSuccess: () => {
        toast.success(`${m.user.displayName} no longer moderates your chats`);
        inputRef.current?.focus();
      },
      onError: (err) => toast.error(errorText(err)),
    });

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <form onSubmit={submit} className="flex items-end gap-2" noValidate>
        <div className="min-w-0 flex-1">
          <InputField
            ref={inputRef}
            id={inputId}
            label="Username"
            placeholder="@username"
            autoComplete="off"
            value={username}
            error={error}
            onChange={(e) => {
              setUsername(e.target.value);
              if (error) setError(undefined);
            }}
          />
        </div>
        <Button type="submit" disabled={appoint.isPending || moderators.length >= CHANNEL_MODERATORS_MAX} className={error ? 'mb-6' : undefined}>
          {appoint.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <ShieldPlus aria-hidden />}
          Add moderator
        </Button>
      </form>
      {list.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label="Loading your moderators">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : list.isError ? (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-destructive">
            Couldn’t load your moderators. {errorText(list.error)}
          </p>
          <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : moderators.length === 0 ? (
        <EmptyState
          compact
          headingLevel="h3"
          icon={Shield}
          title="No moderators yet"
          description="Add someone you trust by their username."
          className="border-none"
        />
      ) : (
        <ul aria-label="Your moderators" className="flex flex-col divide-y">
          {moderators.map((m) => {
            const removing = remove.isPending && remove.variables === m.user.id;
            return (
              <li key={m.user.id} className="flex items-center gap-3 py-3" data-testid="channel-moderator">
                <UserAvatar name={m.user.displayName} seed={m.user.username} src={m.user.avatarUrl} className="size-9" />
                <div className="flex min-w-0 flex-1 flex-col">
                  <p className="truncate text-sm">
                    <Link to={paths.profile(m.user.username)} className="font-semibold hover:underline">
                      {m.user.displayName}
                    </Link>{' '}
                    <span className="text-muted-foreground">@{m.user.username}</span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    moderator since{' '}
                    <time dateTime={m.since} title={formatDateTime(m.since)}>
                      {timeAgo(m.since)}
                    </time>
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="h-9 sm:h-8"
                  disabled={removing}
                  aria-label={`Remove ${m.user.displayName} as a moderator`}
                  onClick={() => onRemove(m)}
                >
                  {removing ? <LoaderCircle aria-hidden className="animate-spin" /> : <UserMinus aria-hidden />}
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** From the chat of the creator's own stream: their moderators, in a dialog. */
export function ChannelModeratorsDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-2 text-muted-foreground hover:text-foreground">
          <Shield aria-hidden /> Moderators
        </Button>
      </DialogTrigger>
      <DialogContent className="gap-3 p-4 sm:p-6" data-testid="channel-moderators">
        <DialogHeader className="pr-8 text-left">
          <DialogTitle>Your moderators</DialogTitle>
          <DialogDescription>{CHANNEL_MODERATOR_POWERS}</DialogDescription>
        </DialogHeader>
        <ChannelModerators />
      </DialogContent>
    </Dialog>
  );
}
