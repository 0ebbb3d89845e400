import { Clock, ListVideo } from 'lucide-react';
import { Link } from 'react-router';
import { playlistPath, type PlaylistSummary } from '../../../shared/playlists/playlists';
import { paths } from '../../../shared/platform/routes';
import type { VideoCard } from '../../../shared/videos/video-card';
import { Thumbnail } from '../../ui/thumbnail';
import { VisibilityLabel } from './playlist-form';

/** The address of a playlist's page; a Watch later's is the same for everyone (`/playlist/watch-later`). */
export const playlistHref = (p: Pick<PlaylistSummary, 'id' | 'watchLater'>) => playlistPath(p.watchLater ? 'watch-later' : p.id);

/** A video's watch page, played from a playlist: its queue beside the player, the next one after. */
export const watchInList = (v: VideoCard, listId: string) =>
  `${paths.video({ id: v.id, username: v.creator.username, title: v.title })}?list=${encodeURIComponent(listId)}`;

export const videosCount = (n: number) => (n === 1 ? '1 video' : `${n} videos`);

/** A playlist in a grid: its first video's picture with the count over it, its title and visibility. */
export function PlaylistCard({ playlist: p, seed, showVisibility = true }: { playlist: PlaylistSummary; seed: string; showVisibility?: boolean }) {
  const Icon = p.watchLater ? Clock : ListVideo;
  return (
    <article className="group flex flex-col gap-2" data-testid="playlist-card">
      <Link to={playlistHref(p)} aria-hidden tabIndex={-1} className="rounded-xl outline-none">
        <Thumbnail src={p.thumbnailUrl} seed={seed} icon={Icon}>
          <span className="absolute inset-y-0 right-0 flex w-2/5 flex-col items-center justify-center gap-1 bg-black/70 text-sm font-semibold text-white">
            <ListVideo aria-hidden className="size-5" />
            {p.videoCount}
          </span>
        </Thumbnail>
      </Link>
      <h3 className="line-clamp-2 text-sm leading-snug font-semibold">
        <Link to={playlistHref(p)} className="rounded-sm outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring">
          {p.title}
        </Link>
      </h3>
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span>{videosCount(p.videoCount)}</span>
        {showVisibility ? <VisibilityLabel visibility={p.visibility} /> : null}
      </p>
    </article>
  );
}
