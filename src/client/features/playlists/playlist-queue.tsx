import { ListVideo, Play } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { nextInOrder, playlistPath } from '../../../shared/playlists/playlists';
import { formatDuration } from '../../lib/format';
import { cn } from '../../lib/utils';
import { Skeleton } from '../../ui/skeleton';
import { Thumbnail } from '../../ui/thumbnail';
import { watchInList } from './playlist-card';
import { usePlaylist } from './queries';

/**
 * The watch page's queue when a video is played from a playlist (`?list=`): its videos in order,
 * the current one marked; when the player ends (`ended`), the next one opens.
 */
export default function PlaylistQueue({ listId, videoId, endedRef }: { listId: string; videoId: string; endedRef: RefObject<(() => void) | null> }) {
  const playlist = usePlaylist(listId);
  const navigate = useNavigate();
  const videos = playlist.data?.videos ?? [];
  const next = nextInOrder(videos, videoId);
  const current = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    endedRef.current = next ? () => void navigate(watchInList(next, listId)) : null;
    return () => {
      endedRef.current = null;
    };
  }, [next, listId, navigate, endedRef]);
  // The current video in view inside the queue's own scroll, not the page's.
  useEffect(() => {
    const el = current.current;
    const box = el?.closest('ol');
    if (el && box) box.scrollTop = el.offsetTop - box.offsetTop - 8;
  }, [videoId, videos.length]);

  if (playlist.isPending) return <Skeleton className="h-48 w-full rounded-xl" />;
  // A playlist that is gone or not theirs: the video plays on its own.
  if (playlist.isError) return null;
  const p = playlist.data;
  const at = videos.findIndex((v) => v.id === videoId);
  return (
    <section aria-labelledby="queue-heading" className="flex flex-col gap-2 rounded-xl border bg-card p-3" data-testid="playlist-queue">
      <div className="flex flex-col gap-0.5">
        <h2 id="queue-heading" className="flex items-center gap-2 font-semibold">
          <ListVideo aria-hidden className="size-4 shrink-0" />
          <Link to={playlistPath(p.watchLater ? 'watch-later' : p.id)} className="truncate hover:underline">
            {p.title}
          </Link>
        </h2>
        <p className="text-xs text-muted-foreground">
          {p.owner.displayName} · {at >= 0 ? `${at + 1} / ${videos.length}` : `${videos.length} videos`}
          {next ? (
            <>
              {' · '}
              <span data-testid="up-next">Up next: {next.title}</span>
            </>
          ) : null}
        </p>
      </div>
      <ol className="flex max-h-64 flex-col gap-1 overflow-y-auto xl:max-h-96" aria-label={`Videos in ${p.title}`}>
        {videos.map((v, i) => {
          const here = v.id === videoId;
          return (
            <li key={v.id}>
              <Link
                ref={here ? current : undefined}
                to={watchInList(v, p.id)}
                aria-current={here ? 'true' : undefined}
                className={cn(
                  'flex items-center gap-2 rounded-lg p-1.5 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                  here && 'bg-accent font-semibold',
                )}
              >
                <span className="w-5 shrink-0 text-center text-xs text-muted-foreground tabular-nums">
                  {here ? <Play aria-hidden className="mx-auto size-3 fill-current" /> : i + 1}
                </span>
                <span className="relative w-24 shrink-0 overflow-hidden rounded-md">
                  <Thumbnail src={v.thumbnailUrl} seed={v.creator.username} icon={ListVideo} className="rounded-md" />
                  {v.durationSeconds !== null ? (
                    <span className="absolute right-0.5 bottom-0.5 rounded bg-black/75 px-1 text-[10px] text-white tabular-nums">
                      {formatDuration(v.durationSeconds)}
                    </span>
                  ) : null}
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="line-clamp-2">{v.title}</span>
                  <span className="truncate text-xs font-normal text-muted-foreground">{v.creator.displayName}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
