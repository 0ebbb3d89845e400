import { CircleCheck, Play, RotateCcw, TriangleAlert, Upload, X } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../shared/platform/routes';
import type { VideoKind } from '../../../shared/videos/video-rules';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useUpdateVideo, useVideo } from '../videos/queries';
import { ThumbnailPicker } from '../videos/thumbnail-picker';
import { formatBytes, formatEta, formatSpeed, type UploadState } from './upload-machine';
import { CaptionsEditor } from '../videos/captions-editor';

function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
    >
      <div className="h-full rounded-full bg-brand transition-[width] duration-300" style={{ width: `${Math.min(100, Math.max(0, value))}%` }} />
    </div>
  );
}

/** Where the upload is: sending (with speed and time left), processing, ready or failed. */
export function UploadStatus({
  state,
  onCancel,
  onRetry,
  onEdit,
  onAnother,
}: {
  state: Exclude<UploadState, { status: 'idle' }>;
  onCancel: () => void;
  onRetry: (() => void) | null;
  onEdit: (() => void) | null;
  onAnother: () => void;
}) {
  const noun = state.kind === 'short' ? 'short' : 'video';
  return (
    <section
      aria-labelledby="upload-status-heading"
      className="flex flex-col gap-5 rounded-xl border bg-card p-5 sm:p-6"
      data-testid="upload-status"
      data-status={state.status}
    >
      {state.status === 'uploading' ? (
        <>
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <h2 id="upload-status-heading" className="text-lg font-semibold">
                Uploading…
              </h2>
              <p className="truncate text-sm text-muted-foreground">{state.title}</p>
            </div>
            <Button variant="outline" onClick={onCancel}>
              <X aria-hidden /> Cancel
            </Button>
          </div>
          <ProgressBar value={state.bytesTotal ? (state.bytesSent / state.bytesTotal) * 100 : 0} label="Upload progress" />
          <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground tabular-nums" aria-live="polite">
            <span className="font-medium text-foreground">{state.bytesTotal ? Math.floor((state.bytesSent / state.bytesTotal) * 100) : 0}%</span>
            <span>
              {formatBytes(state.bytesSent)} of {formatBytes(state.bytesTotal)}
            </span>
            {state.speed !== null ? <span>· {formatSpeed(state.speed)}</span> : null}
            {state.eta !== null && state.bytesSent < state.bytesTotal ? <span>· {formatEta(state.eta)}</span> : null}
            {state.videoId === null ? <span>· getting ready</span> : null}
          </p>
          <p className="text-xs text-muted-foreground">
            {state.resumed ? 'Continuing an earlier upload of this file. ' : ''}If the connection drops or you close this tab, choose the same file again later
            and the upload continues where it stopped.
          </p>
          {state.videoId ? <UploadCaptions videoId={state.videoId} /> : null}
        </>
      ) : state.status === 'processing' ? (
        <>
          <div className="flex items-center gap-3">
            <Spinner className="size-6 text-primary" label="Processing" />
            <div className="min-w-0">
              <h2 id="upload-status-heading" className="text-lg font-semibold">
                Processing… {state.percent}%
              </h2>
              <p className="truncate text-sm text-muted-foreground">{state.title}</p>
            </div>
          </div>
          <ProgressBar value={state.percent} label="Processing progress" />
          <p className="text-sm text-muted-foreground">
            Uploaded. We are making it playable in every quality, with a thumbnail and preview frames. You can leave this page: it keeps going.
          </p>
          <UploadCaptions videoId={state.videoId} />
        </>
      ) : state.status === 'ready' ? (
        <ReadyPanel videoId={state.videoId} kind={state.kind} onAnother={onAnother} noun={noun} />
      ) : (
        <>
          <div className="flex items-start gap-3">
            <TriangleAlert aria-hidden className="mt-0.5 size-6 shrink-0 text-destructive" />
            <div className="min-w-0">
              <h2 id="upload-status-heading" className="text-lg font-semibold">
                {state.stage === 'upload' ? 'Upload failed' : 'Processing failed'}
              </h2>
              <p className="truncate text-sm text-muted-foreground">{state.title}</p>
            </div>
          </div>
          <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
            {state.reason}
          </p>
          <div className="flex flex-wrap gap-2">
            {onRetry ? (
              <Button onClick={onRetry}>
                <RotateCcw aria-hidden /> Try again
              </Button>
            ) : null}
            {onEdit ? (
              <Button variant="outline" onClick={onEdit}>
                Change file or details
              </Button>
            ) : null}
            <Button variant="ghost" onClick={onAnother}>
              <Upload aria-hidden /> Upload something else
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** Done: pick the thumbnail from the frames processing chose, then watch. */
function ReadyPanel({ videoId, kind, noun, onAnother }: { videoId: string; kind: VideoKind; noun: string; onAnother: () => void }) {
  const video = useVideo(videoId);
  const update = useUpdateVideo(videoId);
  const v = video.data;
  const watch = v ? (kind === 'short' ? paths.short(v.id) : paths.video({ id: v.id, username: v.creator.username, title: v.title })) : null;
  return (
    <>
      <div className="flex items-center gap-3">
        <CircleCheck aria-hidden className="size-7 shrink-0 text-success" />
        <div className="min-w-0">
          <h2 id="upload-status-heading" className="text-lg font-semibold">
            Your {noun} is ready
          </h2>
          <p className="truncate text-sm text-muted-foreground">{v?.title ?? ''}</p>
        </div>
      </div>
      <div className="flex flex-col gap-3">
        <h3 className="text-sm font-medium">Choose a thumbnail</h3>
        {v ? (
          <ThumbnailPicker
            candidates={v.thumbnailCandidates}
            selected={v.thumbnailCandidates.indexOf(v.thumbnailUrl ?? '')}
            tall={kind === 'short'}
            disabled={update.isPending}
            onSelect={(i) =>
              update.mutate(
                { thumbnailIndex: i },
                {
                  onSuccess: () => toast.success('Thumbnail saved'),
                  onError: (err) => toast.error('Could not change the thumbnail', { description: err.message }),
                },
              )
            }
          />
        ) : (
          <Spinner label="Loading frames" />
        )}
      </div>
      <UploadCaptions videoId={videoId} />
      <div className="flex flex-wrap gap-2">
        {watch ? (
          <Button asChild variant="brand">
            <Link to={watch}>
              <Play aria-hidden className="fill-current" /> Watch your {noun}
            </Link>
          </Button>
        ) : null}
        <Button variant="outline" onClick={onAnother}>
          <Upload aria-hidden /> Upload another
        </Button>
      </div>
    </>
  );
}

/** Captions can be added while the file uploads and processes, and after. */
function UploadCaptions({ videoId }: { videoId: string }) {
  const video = useVideo(videoId);
  return video.data ? <CaptionsEditor videoId={videoId} tracks={video.data.captions} /> : null;
}
