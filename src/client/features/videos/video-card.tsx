import { Clapperboard } from 'lucide-react';
import { Link } from 'react-router';
import type { VideoCard as Video } from '../../../shared/content';
import { paths } from '../../../shared/routes';
import { timeAgo } from '../../lib/time';
import { Thumbnail } from '../../ui/thumbnail';
import { formatDateTime, formatDuration, formatViews } from '../../lib/format';
import { CreatorAvatarLink, CreatorName } from '../profiles/creator-link';
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
      <div className="flex gap-3">
        <CreatorAvatarLink creator={video.creator} />
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 className="line-clamp-2 text-sm leading-snug font-semibold">
            <Link to={href} className="rounded-sm outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring">
              {video.title}
            </Link>
          </h3>
          <CreatorName creator={video.creator} className="text-sm" />
          <p className="truncate text-xs text-muted-foreground">
            {formatViews(video.views)}
            {video.publishedAt ? (
              <>
                {' · '}
                <time dateTime={video.publishedAt} title={formatDateTime(video.publishedAt)}>
                  {timeAgo(video.publishedAt, now)}
                </time>
              </>
            ) : null}
          </p>
        </div>
      </div>
    </article>
  );
}
