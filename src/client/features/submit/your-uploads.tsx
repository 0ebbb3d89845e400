import { Clapperboard, Smartphone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/platform/routes';
import { timeAgo } from '../../lib/time';
import { VIDEO_HELD } from '../../../shared/videos/videos';
import { useSession } from '../auth/session';
import { Thumbnail } from '../../ui/thumbnail';
import { useNow } from '../../lib/use-now';
import { cn } from '../../lib/utils';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';
import { useMyUploads, type OwnUpload } from '../videos/queries';
import { DeleteVideoDialog } from '../videos/video-edit-dialog';
import type { UploadState } from './upload-machine';

/**
 * The creator's uploads in every state, refreshed every 1.5 s while any is still uploading or
 * processing, so a state changes here without reloading.
 */
export function YourUploads({ current }: { current: UploadState }) {
  const uploads = useMyUploads();
  const { user } = useSession();
  const now = useNow();
  const [removing, setRemoving] = useState<OwnUpload | null>(null);

  return (
    <section aria-labelledby="your-uploads-heading" className="flex flex-col gap-4">
      <h2 id="your-uploads-heading" className="text-lg font-semibold">
        Your uploads
      </h2>
      {uploads.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading your uploads">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full rounded-lg" />
          ))}
        </div>
      ) : uploads.isError ? (
        <ErrorState compact headingLevel="h3" error={uploads.error} onRetry={() => void uploads.refetch()} title="Couldn’t load your uploads" />
      ) : uploads.data.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          Nothing yet. What you upload shows here while it processes.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Your uploads">
          {uploads.data.map((u) => (
            <li key={u.id}>
              <UploadRow upload={u} current={current} now={now} username={user?.username} onRemove={() => setRemoving(u)} />
            </li>
          ))}
        </ul>
      )}
      {removing ? (
        <DeleteVideoDialog
          video={removing}
          open
          onOpenChange={(o) => {
            if (!o) setRemoving(null);
          }}
          onDeleted={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}

function UploadRow({
  upload: u,
  current,
  now,
  username,
  onRemove,
}: {
  upload: OwnUpload;
  current: UploadState;
  now: number;
  username?: string;
  onRemove: () => void;
}) {
  const active = current.status === 'uploading' && current.videoId === u.id ? current : null;
  const href = u.status === 'ready' ? (u.kind === 'short' ? paths.short(u.id) : paths.video({ id: u.id, username, title: u.title })) : null;
  return (
    <div className="flex items-center gap-3 rounded-lg border bg-card p-2 pr-3" data-testid="own-upload" data-status={u.status}>
      <div className={cn('shrink-0', u.kind === 'short' ? 'w-10' : 'w-24')}>
        <Thumbnail
          src={u.thumbnailUrl}
          seed={u.id}
          icon={u.kind === 'short' ? Smartphone : Clapperboard}
          shape={u.kind === 'short' ? 'tall' : 'wide'}
          className="rounded-md"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {href ? (
          <Link to={href} className="truncate text-sm font-medium outline-none hover:text-primary focus-visible:underline">
            {u.title}
          </Link>
        ) : (
          <span className="truncate text-sm font-medium">{u.title}</span>
        )}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span>{u.kind === 'short' ? 'Short' : 'Video'}</span>
          <span aria-hidden>·</span>
          <time dateTime={u.createdAt}>{timeAgo(u.createdAt, now)}</time>
        </div>
        <StatusLine upload={u} active={active} />
      </div>
      {!active && (u.status === 'failed' || u.status === 'uploading' || u.status === 'ready') ? (
        <Button variant="ghost" size="icon-sm" aria-label={`Delete ${u.title}`} title="Delete" onClick={onRemove}>
          <Trash2 aria-hidden />
        </Button>
      ) : null}
    </div>
  );
}

function StatusLine({ upload: u, active }: { upload: OwnUpload; active: Extract<UploadState, { status: 'uploading' }> | null }) {
  if (active) {
    const pct = active.bytesTotal ? Math.floor((active.bytesSent / active.bytesTotal) * 100) : 0;
    return <Badge variant="cyan">Uploading {pct}%</Badge>;
  }
  switch (u.status) {
    case 'uploading':
      return <span className="text-xs text-amber-600 dark:text-amber-400">Upload interrupted: choose the same file again to continue</span>;
    case 'processing':
      return (
        <span className="flex items-center gap-2">
          <Badge variant="violet">Processing {u.processingPercent}%</Badge>
          <span className="h-1.5 w-20 overflow-hidden rounded-full bg-muted" aria-hidden>
            <span className="block h-full bg-primary transition-[width] duration-500" style={{ width: `${u.processingPercent}%` }} />
          </span>
        </span>
      );
    case 'ready':
      return <Badge variant="success">Ready</Badge>;
    case 'failed':
      return <span className="text-xs text-destructive">Failed: {u.failureReason ?? 'processing failed'}</span>;
    case 'removed':
      return <Badge variant="amber">Removed by moderators</Badge>;
    case 'held':
      return <span className="text-xs text-amber-600 dark:text-amber-400">{VIDEO_HELD}</span>;
  }
}
