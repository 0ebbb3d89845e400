import { Clock, ListVideo, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { PlaylistSummary } from '../../../shared/playlists/playlists';
import { DialogFrame } from '../../ui/dialog-frame';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';
import { PlaylistForm, VisibilityLabel } from './playlist-form';
import { useCreatePlaylist, useMyPlaylists, useSetSaved } from './queries';

/** The Save dialog: a checkbox per playlist of yours (Watch later first) and "New playlist". */
export default function SaveDialog({
  videoId,
  title,
  open,
  onOpenChange,
}: {
  videoId: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [creating, setCreating] = useState(false);
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        if (!next) setCreating(false);
        onOpenChange(next);
      }}
      title="Save to…"
      description={<span className="line-clamp-1">{title}</span>}
      className="sm:max-w-md"
      loading="Loading your playlists"
    >
      {creating ? <NewPlaylist videoId={videoId} onDone={() => setCreating(false)} /> : <Choices videoId={videoId} onNew={() => setCreating(true)} />}
    </DialogFrame>
  );
}

function Choices({ videoId, onNew }: { videoId: string; onNew: () => void }) {
  const lists = useMyPlaylists(videoId);
  const setSaved = useSetSaved();
  // What the viewer just ticked shows at once; the list catches up after the request.
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const toggle = (p: PlaylistSummary, saved: boolean) => {
    setPending((s) => ({ ...s, [p.id]: saved }));
    setSaved.mutate(
      { playlist: p, videoId, saved },
      {
        onSuccess: () => toast.success(saved ? `Saved to ${p.title}` : `Removed from ${p.title}`),
        onError: (e) => toast.error(e.message),
        onSettled: () =>
          setPending((s) => {
            const { [p.id]: _done, ...rest } = s;
            return rest;
          }),
      },
    );
  };
  return (
    <div className="flex flex-col gap-3">
      {lists.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading your playlists" className="flex flex-col gap-2">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : lists.isError ? (
        <ErrorState error={lists.error} onRetry={() => void lists.refetch()} title="Couldn’t load your playlists" />
      ) : (
        <fieldset className="flex max-h-72 flex-col gap-1 overflow-y-auto">
          <legend className="sr-only">Your playlists</legend>
          {lists.data.map((p) => {
            const checked = pending[p.id] ?? !!p.hasVideo;
            const Icon = p.watchLater ? Clock : ListVideo;
            return (
              <label
                key={p.id}
                className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={checked}
                  disabled={p.id in pending}
                  onChange={(e) => toggle(p, e.target.checked)}
                />
                <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0 flex-1 truncate text-sm">{p.title}</span>
                <VisibilityLabel visibility={p.visibility} />
              </label>
            );
          })}
        </fieldset>
      )}
      <Button variant="outline" onClick={onNew} className="self-start">
        <Plus aria-hidden /> New playlist
      </Button>
    </div>
  );
}

function NewPlaylist({ videoId, onDone }: { videoId: string; onDone: () => void }) {
  const create = useCreatePlaylist();
  return (
    <PlaylistForm
      short
      label="Create"
      pendingLabel="Creating…"
      onCancel={onDone}
      onSubmit={async (fields) => {
        const made = await create.mutateAsync({ ...fields, videoId });
        toast.success(`Saved to ${made.title}`);
        onDone();
        return made;
      }}
    />
  );
}
