import { CalendarClock, Eye, Radio } from 'lucide-react';
import { Link } from 'react-router';
import type { StreamCard as Stream } from '../../../shared/live/streams';
import { isCancelled } from '../../../shared/live/stream-rules';
import { paths } from '../../../shared/platform/routes';
import { timeAgo, timeUntil } from '../../lib/time';
import { Thumbnail } from '../../ui/thumbnail';
import { categoryName, formatCount, formatDateTime, formatDuration, formatSchedule } from '../../lib/format';
import { CardByline } from '../profiles/creator-link';
import { Badge } from '../../ui/badge';
import { TokenCardBadge } from '../tokens/token-badge';

/** When a stream happens: "Started 5 minutes ago", "Sat, Nov 22, 2:45 AM", "Ended 2 hours ago". */
export function streamWhen(stream: Stream, now: number): { text: string; iso: string | null } {
  if (stream.status === 'live') return { text: stream.startedAt ? `Started ${timeAgo(stream.startedAt, now)}` : 'Live now', iso: stream.startedAt };
  if (stream.status === 'scheduled') return { text: stream.scheduledAt ? formatSchedule(stream.scheduledAt) : 'Scheduled', iso: stream.scheduledAt };
  if (isCancelled(stream)) return { text: 'Cancelled', iso: null };
  return { text: stream.endedAt ? `Ended ${timeAgo(stream.endedAt, now)}` : 'Ended', iso: stream.endedAt };
}

/** How long a live stream has been on at `now`, as "1:02:03". */
export const liveFor = (startedAt: string, now: number) => formatDuration(Math.max(0, (now - Date.parse(startedAt)) / 1000));

/** The countdown on an upcoming stream: "Starts in 3 hours", or "Starting soon" once its time has come. */
export function startsIn(scheduledAt: string | null, now: number): string {
  if (!scheduledAt) return 'Upcoming';
  const until = timeUntil(scheduledAt, now);
  return until === 'now' ? 'Starting soon' : `Starts ${until}`;
}

export function StreamCard({ stream, now, priority }: { stream: Stream; now: number; priority?: boolean }) {
  const href = paths.stream({ id: stream.id, username: stream.creator.username, title: stream.title });
  const when = streamWhen(stream, now);
  return (
    <article className="group relative flex flex-col gap-3" data-testid="stream-card">
      <Link to={href} className="rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring" tabIndex={-1} aria-hidden>
        <Thumbnail src={stream.thumbnailUrl} seed={stream.creator.username} icon={Radio} priority={priority}>
          <div className="absolute top-2 left-2 flex items-center gap-1.5">
            {stream.status === 'live' ? (
              <>
                <Badge variant="live">
                  <span className="size-1.5 animate-pulse rounded-full bg-white" /> Live
                </Badge>
                <Badge variant="muted">
                  <Eye aria-hidden /> {formatCount(stream.viewerCount)}
                </Badge>
              </>
            ) : stream.status === 'scheduled' ? (
              <Badge variant="muted">
                <CalendarClock aria-hidden /> {startsIn(stream.scheduledAt, now)}
              </Badge>
            ) : (
              <Badge variant="muted">Ended</Badge>
            )}
          </div>
        </Thumbnail>
      </Link>
      {/* Over the picture, but a link of its own (to the token's page), so not inside the picture's link. */}
      {stream.token ? <TokenCardBadge token={stream.token} className="absolute top-2 right-2 shadow-md" /> : null}
      <CardByline creator={stream.creator} href={href} title={stream.title}>
        {categoryName(stream.category)} ·{' '}
        <time dateTime={when.iso ?? undefined} title={when.iso ? formatDateTime(when.iso) : undefined}>
          {when.text}
        </time>
      </CardByline>
    </article>
  );
}
