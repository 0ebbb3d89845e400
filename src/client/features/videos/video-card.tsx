import { Clapperboard } from 'lucide-react';
import { Link } from 'react-router';
import type { VideoCard as Video } from '../../../shared/videos/video-card';
import { paths } from '../../../shared/platform/routes';
import { timeAgo } from '../../lib/time';
import { Thumbnail } from '../../ui/thumbnail';
import { formatDateTime, formatDuration, formatViews } from '../../lib/format';
import { CardByline } from '../profiles/creator-link';
import { Badge } from '../../ui/badge';
import { PriceBadge } from '../x402/price-badge';
import { Suspense } from 'react';
import { lazyAfterLoad } from '../../lib/lazy-after-load';

// The Save control (and its dialog) is fetched after the page has loaded: none of it is in the first load.
const SaveButton = lazyAfterLoad(() => import('../playlists/save-button').then((m) => ({ default: m.SaveButton })));

export function VideoCard({ video, now, priority }: { video: Video; now: number; priority?: boolean }) {
  const href = paths.video({ id: video.id, username: video.creator.username, title: video.title });
  return (
    <article className="group relative flex flex-col gap-3" data-testid="video-card">
      <Link to={href} className="rounded-xl outline-none" tabIndex={-1} aria-hidden>
        <Thumbnail src={video.thumbnailUrl} seed={video.creator.username} icon={Clapperboard} priority={priority}>
          <PriceBadge priceUsdc={video.priceUsdc} />
          {video.durationSeconds !== null ? (
            <Badge variant="muted" className="absolute right-2 bottom-2 rounded-md tabular-nums">
              {formatDuration(video.durationSeconds)}
            </Badge>
          ) : null}
        </Thumbnail>
      </Link>
      {/* Over the picture, beside its link (which is hidden from the keyboard): shown on hover and focus where there is a pointer. */}
      <Suspense fallback={null}>
        <SaveButton
          videoId={video.id}
          title={video.title}
          compact
          className="absolute top-2 right-2 size-8 bg-black/60 text-white hover:bg-black/80 pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:focus-visible:opacity-100"
        />
      </Suspense>
      <CardByline creator={video.creator} href={href} title={video.title}>
        {formatViews(video.views)}
        {video.publishedAt ? (
          <>
            {' · '}
            <time dateTime={video.publishedAt} title={formatDateTime(video.publishedAt)}>
              {timeAgo(video.publishedAt, now)}
            </time>
          </>
        ) : null}
      </CardByline>
    </article>
  );
}
