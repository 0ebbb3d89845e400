import { Ban, CalendarClock, ExternalLink, Radio, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { RescheduleStreamSchema } from '../../../shared/live/live';
import type { StreamDetail } from '../../../shared/live/streams';
import { isCancelled } from '../../../shared/live/stream-rules';
import { paths } from '../../../shared/platform/routes';
import { formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog, confirmedRequest } from '../../ui/confirm-dialog';
import { fieldErrors, FormError, InputField } from '../../ui/form-field';
import { StreamStats } from '../studio-analytics/stream-stats';
import { BrowserStudio } from './browser-studio';
import { useCancelStream, useDeleteStream, useRescheduleStream } from './queries';
import { isoToLocal, localToIso } from './schedule-time';
import { startsIn } from './stream-card';
import { StreamEditForm } from './stream-edit-form';
import { StreamKeyPanel } from './stream-key-panel';
import { EndStreamButton } from './end-stream-button';
import { LiveControlRoom } from './live-control-room';

/**
 * Everything a creator does to one of their streams: where it stands and what can be done about
 * it now (reschedule or cancel it while upcoming, end it while live), while live the control room
 * (the stream, its viewers, its health and its chat), its details, streaming to it
 * (the browser and OBS panels, the stream key), and deleting it. Each step that cannot be undone
 * asks first. Mounted on `/studio/streams/:id` for the stream's owner.
 */
export function StreamManager({ stream }: { stream: StreamDetail }) {
  const cancelled = isCancelled(stream);
  return (
    <div className="flex flex-col gap-6" data-testid="stream-manager" data-status={cancelled ? 'cancelled' : stream.status}>
      <Section title="Schedule and status">
        <StreamStatus stream={stream} />
      </Section>
      {stream.status === 'live' ? <LiveControlRoom stream={stream} /> : null}
      <Section title="Details">
        {/* A new form for each saved version: its fields start from what was saved (trimmed, the symbol in capitals). */}
        <StreamEditForm
          key={JSON.stringify([stream.title, stream.description, stream.category, stream.tags, stream.token, stream.thumbnailUrl])}
          stream={stream}
        />
      </Section>
      {stream.startedAt ? <StreamStats streamId={stream.id} live={stream.status === 'live'} /> : null}
      {stream.status !== 'ended' ? (
        <div className="grid gap-4 xl:grid-cols-2">
          <BrowserStudio streamId={stream.id} />
          <StreamKeyPanel />
        </div>
      ) : null}
      <Section title="Delete stream" danger>
        <DeleteStream stream={stream} />
      </Section>
    </div>
  );
}

function Section({ title, danger, children }: { title: string; danger?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={danger ? 'flex flex-col gap-3 rounded-xl border border-destructive/40 p-4' : 'flex flex-col gap-4 rounded-xl border bg-card p-4'}
    >
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Upcoming: when, with Reschedule and Cancel; live: End; ended or cancelled: what happened. */
function StreamStatus({ stream }: { stream: StreamDetail }) {
  const now = useNow();
  if (stream.status === 'scheduled')
    return (
      <div className="flex flex-col gap-4">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="muted">
            <CalendarClock aria-hidden /> Upcoming
          </Badge>
          {stream.scheduledAt ? (
            <>
              <time dateTime={stream.scheduledAt} data-testid="stream-scheduled-at">
                {formatDateTime(stream.scheduledAt)}
              </time>
              <span className="text-muted-foreground">({startsIn(stream.scheduledAt, now)})</span>
            </>
          ) : (
            <span className="text-muted-foreground">No start time: it goes live when you start streaming.</span>
          )}
        </p>
        <RescheduleForm stream={stream} />
        <CancelStream stream={stream} />
      </div>
    );
  if (stream.status === 'live')
    return (
      <div className="flex flex-col gap-3">
        <p className="flex items-center gap-2 text-sm">
          <Badge variant="live">
            <span className="size-1.5 animate-pulse rounded-full bg-white" /> Live
          </Badge>
          {stream.startedAt ? <span>Started {formatDateTime(stream.startedAt)}</span> : null}
        </p>
        <EndStreamButton streamId={stream.id} />
      </div>
    );
  return (
    <p className="flex items-center gap-2 text-sm">
      <Badge variant="muted">{isCancelled(stream) ? 'Cancelled' : 'Ended'}</Badge>
      {isCancelled(stream) ? (
        <span className="text-muted-foreground">You cancelled this stream. It is in no list; you may delete it.</span>
      ) : stream.endedAt ? (
        <span>Ended {formatDateTime(stream.endedAt)}</span>
      ) : null}
    </p>
  );
}

/** A new start time, checked like the Go live form's; asks first, since reminded viewers are told. */
function RescheduleForm({ stream }: { stream: StreamDetail }) {
  const id = useId();
  const reschedule = useRescheduleStream(stream.id);
  const [value, setValue] = useState(stream.scheduledAt ? isoToLocal(stream.scheduledAt) : '');
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const scheduledAt = localToIso(value);
    if (!scheduledAt) return setError('Choose a date and time');
    const parsed = RescheduleStreamSchema.safeParse({ scheduledAt });
    if (!parsed.success) return setError(fieldErrors(parsed.error).scheduledAt);
    setError(undefined);
    setConfirming(scheduledAt);
  };
  const confirm = () =>
    reschedule.mutate(
      { scheduledAt: confirming! },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.success('Stream rescheduled');
        },
        onError: (err) => {
          setConfirming(null);
          setError(err.message);
        },
      },
    );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Reschedule">
      <div className="sm:w-72">
        <InputField id={`${id}-at`} label="New start time" type="datetime-local" value={value} error={error} onChange={(e) => setValue(e.target.value)} />
      </div>
      <Button type="submit" variant="outline" disabled={reschedule.isPending}>
        <CalendarClock aria-hidden /> Reschedule
      </Button>
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Reschedule this stream?"
        description={<>It moves to {confirming ? formatDateTime(confirming) : ''}. Everyone who asked to be reminded is told the new time.</>}
        keepLabel="Keep the time"
        confirmLabel="Reschedule"
        pendingLabel="Rescheduling…"
        pending={reschedule.isPending}
        onConfirm={confirm}
        holdWhilePending
      />
    </form>
  );
}

function CancelStream({ stream }: { stream: StreamDetail }) {
  const cancel = useCancelStream(stream.id);
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Ban aria-hidden /> Cancel stream
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel this stream?"
        description="It leaves Upcoming and your profile, and everyone who asked to be reminded is told. It cannot be scheduled again; create a new stream instead."
        keepLabel="Keep it"
        confirmLabel="Cancel stream"
        pendingLabel="Cancelling…"
        pending={cancel.isPending}
        onConfirm={confirmedRequest(cancel, () => setOpen(false), { done: 'Stream cancelled', failed: 'The stream was not cancelled' })}
        holdWhilePending
        stacked
      />
    </div>
  );
}

function DeleteStream({ stream }: { stream: StreamDetail }) {
  const remove = useDeleteStream(stream.id);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const live = stream.status === 'live';
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        {live
          ? 'End the stream before deleting it.'
          : 'The stream, its chat, its replay and its pictures are deleted. Clips made from it stay your shorts. This cannot be undone.'}
      </p>
      <Button variant="destructive" className="self-start" disabled={live} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden /> Delete stream
      </Button>
      <FormError message={remove.isError ? remove.error.message : undefined} />
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete “${stream.title}”?`}
        description={
          stream.status === 'scheduled'
            ? 'It is deleted for good, and everyone who asked to be reminded is told it is cancelled.'
            : 'It is deleted for good, with its replay and pictures. Clips made from it stay your shorts.'
        }
        keepLabel="Keep it"
        confirmLabel="Delete stream"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success('Stream deleted');
              void navigate('/profile', { replace: true });
            },
            onError: () => setOpen(false),
          })
        }
        holdWhilePending
        stacked
      />
    </div>
  );
}

/** The way from the studio page to the stream's own page. */
export function StreamPageLink({ stream }: { stream: StreamDetail }) {
  return (
    <Button asChild variant="outline">
      <Link to={paths.stream({ id: stream.id, username: stream.creator.username, title: stream.title })}>
        {stream.status === 'live' ? <Radio aria-hidden /> : <ExternalLink aria-hidden />} View stream page
      </Link>
    </Button>
  );
}
