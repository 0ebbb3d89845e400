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

export function VideoCard({ video, now, priority }: { video: Video; now: number; priority?: boolean }) {
  const href = paths.video({ id: video.id, username: video.creator.username, title: video.title });
  return (
    <article className="group flex flex-col gap-3" data-testid="video-card">
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
