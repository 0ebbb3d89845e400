import { Clapperboard, History, LoaderCircle, Pause, Play, Smartphone, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { HistoryEntry } from '../../../shared/videos/history';
import { paths } from '../../../shared/platform/routes';
import { formatDuration } from '../../lib/format';
import { timeAgo } from '../../lib/time';
import { useNow } from '../../lib/use-now';
import { usePageTitle } from '../../lib/page-title';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { Thumbnail } from '../../ui/thumbnail';
import { usePauseHistory, useRemoveFromHistory, useHistory } from './history-queries';

/** /history: the videos and shorts you watched, newest first, where you stopped; remove, clear, pause. */
export default function HistoryScreen() {
  usePageTitle('Watch history');
  const history = useHistory();
  const remove = useRemoveFromHistory();
  const pause = usePauseHistory();
  const [clearing, setClearing] = useState(false);
  const now = useNow();
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  const paused = history.data?.pages[0]?.paused ?? false;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <PageHeader icon={<History aria-hidden />} title="Watch history" description="The videos and shorts you watched, newest first. Only you see it." />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          disabled={pause.isPending || history.isPending}
          onClick={() =>
            pause.mutate(!paused, {
              onSuccess: () => toast.success(paused ? 'History is on again' : 'History is paused: nothing you watch is recorded'),
              onError: (e) => toast.error(e.message),
            })
          }
        >
          {paused ? <Play aria-hidden /> : <Pause aria-hidden />} {paused ? 'Turn history back on' : 'Pause history'}
        </Button>
        <Button variant="outline" disabled={entries.length === 0} onClick={() => setClearing(true)}>
          <Trash2 aria-hidden /> Clear all
        </Button>
        {paused ? (
          <p className="text-sm text-muted-foreground" role="status">
            History is paused: what you watch now is not recorded, and videos do not remember where you stopped.
          </p>
        ) : null}
      </div>
      {history.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading your history">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full rounded-xl" />
          ))}
        </div>
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} title="Couldn’t load your history" />
      ) : entries.length === 0 ? (
        <EmptyState icon={History} title="Nothing watched yet" description="Videos and shorts you watch appear here, with where you stopped." />
      ) : (
        <ul aria-label="Watched videos" className="flex flex-col gap-3">
          {entries.map((e) => (
            <HistoryRow
              key={e.video.id}
              entry={e}
              now={now}
              removing={remove.isPending && remove.variables === e.video.id}
              onRemove={() =>
                remove.mutate(e.video.id, { onSuccess: () => toast.success('Removed from your history'), onError: (err) => toast.error(err.message) })
              }
            />
          ))}
        </ul>
      )}
      {history.hasNextPage ? (
        <Button variant="outline" className="self-center" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {history.isFetchingNextPage ? <LoaderCircle aria-hidden className="animate-spin" /> : null} Show more
        </Button>
      ) : null}
      <ConfirmDialog
        open={clearing}
        onOpenChange={setClearing}
        title="Clear your watch history?"
        description="Every video leaves your history, and they no longer remember where you stopped. It can’t be undone."
        confirmLabel="Clear history"
        pendingLabel="Clearing…"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(null, {
            onSuccess: () => {
              setClearing(false);
              toast.success('Your watch history is cleared');
            },
            onError: (err) => toast.error(err.message),
          })
        }
      />
    </div>
  );
}

function HistoryRow({ entry, now, removing, onRemove }: { entry: HistoryEntry; now: number; removing: boolean; onRemove: () => void }) {
  const v = entry.video;
  const href = v.kind === 'short' ? paths.short(v.id) : paths.video({ id: v.id, username: v.creator.username, title: v.title });
  const share = v.durationSeconds ? Math.min(100, (entry.positionSeconds / v.durationSeconds) * 100) : 0;
  return (
    <li className="flex items-start gap-3 rounded-xl border bg-card p-2" data-testid="history-entry">
      {/* The picture repeats the title's link: one stop for the keyboard and screen readers. */}
      <Link to={href} aria-hidden tabIndex={-1} className="relative w-40 shrink-0 overflow-hidden rounded-lg sm:w-48">
        <Thumbnail src={v.thumbnailUrl} seed={v.creator.username} icon={v.kind === 'short' ? Smartphone : Clapperboard} className="rounded-lg" />
        {share > 0 ? (
          <span className="absolute inset-x-0 bottom-0 h-1 bg-white/30" aria-hidden>
            <span className="block h-full bg-primary" style={{ width: `${share}%` }} />
          </span>
        ) : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1 py-1">
        <Link to={href} className="line-clamp-2 font-semibold outline-none hover:underline focus-visible:underline">
          {v.title}
        </Link>
        <span className="text-xs text-muted-foreground">{v.creator.displayName}</span>
        <span className="text-xs text-muted-foreground">
          {v.kind === 'short' ? 'Short · ' : ''}
          {entry.positionSeconds >= 1 ? `Stopped at ${formatDuration(entry.positionSeconds)} · ` : ''}watched{' '}
          <time dateTime={entry.watchedAt}>{timeAgo(entry.watchedAt, now)}</time>
        </span>
      </div>
      <Button variant="ghost" size="icon" disabled={removing} aria-label={`Remove “${v.title}” from your history`} onClick={onRemove}>
        {removing ? <LoaderCircle aria-hidden className="animate-spin" /> : <X aria-hidden />}
      </Button>
    </li>
  );
}
