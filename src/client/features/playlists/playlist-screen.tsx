import { ArrowDown, ArrowUp, Clapperboard, GripVertical, ListVideo, LogIn, Pencil, Play, Trash2, X } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { moveInOrder, type PlaylistDetail } from '../../../shared/playlists/playlists';
import type { VideoCard } from '../../../shared/videos/video-card';
import { paths } from '../../../shared/platform/routes';
import { ApiError } from '../../lib/api';
import { formatDuration } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { cn } from '../../lib/utils';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DialogFrame } from '../../ui/dialog-frame';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { NotAvailable } from '../../ui/not-available';
import { Skeleton } from '../../ui/skeleton';
import { Thumbnail } from '../../ui/thumbnail';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';
import { videosCount, watchInList } from './playlist-card';
import { PlaylistForm, VisibilityLabel } from './playlist-form';
import { useDeletePlaylist, useMyPlaylists, usePlaylist, useReorderPlaylist, useSetSaved, useUpdatePlaylist } from './queries';

/** /playlist/:id (and /playlist/watch-later, your own): a playlist's videos in order, played in order. */
export default function PlaylistScreen() {
  const { id = '' } = useParams();
  return id === 'watch-later' ? <WatchLaterScreen /> : <PlaylistById id={id} />;
}

function WatchLaterScreen() {
  const { user, status } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const mine = useMyPlaylists();
  usePageTitle('Watch later');
  if (status !== 'loading' && !user)
    return (
      <EmptyState
        icon={ListVideo}
        headingLevel="h1"
        title="Sign in to see your Watch later"
        description="Save videos to watch later from any video’s Save button."
        action={
          <Button onClick={() => openAuthDialog('login')}>
            <LogIn aria-hidden /> Sign in
          </Button>
        }
      />
    );
  if (mine.isError) return <ErrorState headingLevel="h1" error={mine.error} onRetry={() => void mine.refetch()} title="Couldn’t load Watch later" />;
  const later = mine.data?.find((p) => p.watchLater);
  return later ? <PlaylistById id={later.id} /> : <PlaylistSkeleton />;
}

function PlaylistById({ id }: { id: string }) {
  const playlist = usePlaylist(id);
  if (playlist.isPending) return <PlaylistSkeleton />;
  if (playlist.isError) {
    if (playlist.error instanceof ApiError && playlist.error.status === 404)
      return (
        <NotAvailable
          noun="playlist"
          icon={ListVideo}
          description="It may be private, or it may have been deleted."
          browse={{ to: '/playlists', label: 'Your playlists' }}
        />
      );
    return <ErrorState headingLevel="h1" error={playlist.error} onRetry={() => void playlist.refetch()} title="Couldn’t load this playlist" />;
  }
  return <PlaylistPage playlist={playlist.data} />;
}

function PlaylistSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4" role="status" aria-busy="true" aria-label="Loading the playlist">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-24 w-full rounded-xl" />
      ))}
    </div>
  );
}

function PlaylistPage({ playlist: p }: { playlist: PlaylistDetail }) {
  usePageTitle(p.title);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdatePlaylist(p.id);
  const remove = useDeletePlaylist();
  const first = p.videos[0];
  const editable = p.isOwner && !p.watchLater;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-balance break-words md:text-3xl">{p.title}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <Link to={paths.profile(p.owner.username)} className="font-medium text-foreground hover:underline">
            {p.owner.displayName}
          </Link>
          <VisibilityLabel visibility={p.visibility} className="inline-flex items-center gap-1" />
          <span data-testid="playlist-count">{videosCount(p.videoCount)}</span>
        </p>
        {p.description ? <p className="text-sm whitespace-pre-line break-words">{p.description}</p> : null}
        <div className="flex flex-wrap gap-2">
          {first ? (
            <Button asChild>
              <Link to={watchInList(first, p.id)}>
                <Play aria-hidden /> Play all
              </Link>
            </Button>
          ) : null}
          {editable ? (
            <>
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil aria-hidden /> Edit
              </Button>
              <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden /> Delete
              </Button>
            </>
          ) : null}
        </div>
      </header>

      {p.videos.length === 0 ? (
        <EmptyState
          icon={ListVideo}
          title="No videos yet"
          description={p.isOwner ? 'Choose Save on any video to add it here.' : 'Its owner hasn’t added a video yet.'}
        />
      ) : (
        <PlaylistItems playlist={p} />
      )}

      {editable ? (
        <>
          <DialogFrame
            open={editing}
            onOpenChange={setEditing}
            title="Edit playlist"
            description="Its title, description and who can see it."
            loading="Loading"
          >
            <PlaylistForm
              initial={p}
              label="Save"
              pendingLabel="Saving…"
              onCancel={() => setEditing(false)}
              onSubmit={async (fields) => {
                await update.mutateAsync(fields);
                setEditing(false);
                toast.success('Playlist saved');
              }}
            />
          </DialogFrame>
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            title="Delete this playlist?"
            description="The playlist goes; its videos stay where they are. It can’t be undone."
            confirmLabel="Delete playlist"
            pendingLabel="Deleting…"
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(p.id, {
                onSuccess: () => {
                  toast.success('Playlist deleted');
                  void navigate('/playlists');
                },
                onError: (e) => toast.error(e.message),
              })
            }
          />
        </>
      ) : null}
    </div>
  );
}

/**
 * The videos in order. Its owner reorders them by dragging, with the Move up / Move down buttons,
 * or with Alt+Arrow up/down anywhere in a row; a live region says where the video went.
 */
function PlaylistItems({ playlist: p }: { playlist: PlaylistDetail }) {
  const reorder = useReorderPlaylist(p.id);
  const setSaved = useSetSaved();
  const [said, setSaid] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // A moved row may be taken out of the page and put back (React moves the other rows or this
  // one): the control that had focus gets it again, or its twin when it is now disabled.
  const refocus = useRef<{ videoId: string; control: 'up' | 'down' | 'row'; order: string } | null>(null);
  const ids = p.videos.map((v) => v.id);

  useLayoutEffect(() => {
    const want = refocus.current;
    // Once the rows are in the new order (the cache is patched a moment after the move).
    if (!want || !list.current || want.order !== ids.join()) return;
    refocus.current = null;
    const row = list.current.querySelector<HTMLElement>(`[data-video-id="${CSS.escape(want.videoId)}"]`);
    const pick = (control: string) => row?.querySelector<HTMLButtonElement>(`[data-move="${control}"]:not(:disabled)`);
    (want.control === 'row' ? row : (pick(want.control) ?? pick(want.control === 'up' ? 'down' : 'up')))?.focus();
  });

  const move = (video: VideoCard, to: string[], control: 'up' | 'down' | 'row') => {
    if (to.join() === ids.join()) return;
    refocus.current = { videoId: video.id, control, order: to.join() };
    setSaid(`“${video.title}” moved to position ${to.indexOf(video.id) + 1} of ${to.length}`);
    reorder.mutate(to, { onError: (e) => toast.error('Couldn’t reorder the playlist', { description: e.message }) });
  };
  const onKeyDown = (video: VideoCard, e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const control = e.target instanceof HTMLElement && e.target.dataset.move ? (e.target.dataset.move as 'up' | 'down') : 'row';
    move(video, moveInOrder(ids, video.id, e.key === 'ArrowUp' ? -1 : 1), control);
  };
  const onDrop = (target: VideoCard, e: DragEvent) => {
    e.preventDefault();
    if (!dragged || dragged === target.id) return setDragged(null);
    const video = p.videos.find((v) => v.id === dragged);
    setDragged(null);
    if (video) move(video, moveInOrder(ids, video.id, ids.indexOf(target.id) - ids.indexOf(video.id)), 'row');
  };

  return (
    <>
      {p.isOwner ? (
        <p id="reorder-help" className="text-xs text-muted-foreground">
          Drag a video, or use Move up and Move down (Alt+Arrow keys in a row), to reorder.
        </p>
      ) : null}
      <ol ref={list} aria-label="Videos in this playlist" className="flex flex-col gap-2">
        {p.videos.map((v, i) => (
          <li
            key={v.id}
            data-video-id={v.id}
            data-testid="playlist-item"
            tabIndex={-1}
            draggable={p.isOwner}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              setDragged(v.id);
            }}
            onDragOver={(e) => {
              if (dragged) e.preventDefault();
            }}
            onDrop={(e) => onDrop(v, e)}
            onDragEnd={() => setDragged(null)}
            onKeyDown={p.isOwner ? (e) => onKeyDown(v, e) : undefined}
            className={cn(
              'flex items-center gap-3 rounded-xl border bg-card p-2 outline-none focus-visible:ring-2 focus-visible:ring-ring',
              dragged === v.id && 'opacity-50',
            )}
          >
            {p.isOwner ? <GripVertical aria-hidden className="size-4 shrink-0 cursor-grab text-muted-foreground max-sm:hidden" /> : null}
            <span className="w-6 shrink-0 text-center text-sm text-muted-foreground tabular-nums">{i + 1}</span>
            <Link to={watchInList(v, p.id)} aria-hidden tabIndex={-1} className="relative w-28 shrink-0 overflow-hidden rounded-lg sm:w-40">
              <Thumbnail src={v.thumbnailUrl} seed={v.creator.username} icon={Clapperboard} className="rounded-lg" />
              {v.durationSeconds !== null ? (
                <span className="absolute right-1 bottom-1 rounded bg-black/75 px-1 text-xs text-white tabular-nums">{formatDuration(v.durationSeconds)}</span>
              ) : null}
            </Link>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Link to={watchInList(v, p.id)} className="line-clamp-2 font-semibold outline-none hover:underline focus-visible:underline">
                {v.title}
              </Link>
              <span className="truncate text-xs text-muted-foreground">{v.creator.displayName}</span>
            </div>
            {p.isOwner ? (
              <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
                <Button
                  variant="ghost"
                  size="icon"
                  data-move="up"
                  aria-label={`Move “${v.title}” up`}
                  aria-describedby="reorder-help"
                  disabled={i === 0}
                  onClick={() => move(v, moveInOrder(ids, v.id, -1), 'up')}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  data-move="down"
                  aria-label={`Move “${v.title}” down`}
                  aria-describedby="reorder-help"
                  disabled={i === p.videos.length - 1}
                  onClick={() => move(v, moveInOrder(ids, v.id, 1), 'down')}
                >
                  <ArrowDown aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove “${v.title}” from this playlist`}
                  onClick={() =>
                    setSaved.mutate(
                      { playlist: { id: p.id, watchLater: false }, videoId: v.id, saved: false },
                      { onSuccess: () => toast.success(`Removed from ${p.title}`), onError: (e) => toast.error(e.message) },
                    )
                  }
                >
                  <X aria-hidden />
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite" className="sr-only" data-testid="reorder-status">
        {said}
      </p>
    </>
  );
}
