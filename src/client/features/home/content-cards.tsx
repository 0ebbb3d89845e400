import type { BountyCard as Bounty } from '../../../shared/bounties/bounty-card';
import type { StreamCard as Stream } from '../../../shared/live/streams';
import type { VideoCard as Video } from '../../../shared/videos/video-card';
import { BountyCard } from '../bounties/bounty-card';
import { ShortCard } from '../shorts/short-card';
import { StreamCard } from '../streams/stream-card';
import { VideoCard } from '../videos/video-card';
import { ContentGrid } from '../../ui/content-grid';

/** What a grid of cards holds: each kind of content with its own card. */
export type Cards =
  | { of: 'streams'; items: readonly Stream[] }
  | { of: 'videos'; items: readonly Video[] }
  | { of: 'shorts'; items: readonly Video[] }
  | { of: 'bounties'; items: readonly Bounty[] };

/** How many pictures of a `priority` grid load at once: the first row on a phone, most of it on a desktop. */
const EAGER_PICTURES = 2;

/**
 * The one grid of content cards that home, search, profiles and the lists share: streams and videos
 * wide, shorts tall, bounties as cards. `now` keeps every relative time on the page in step;
 * `priority` marks the grid at the top of the screen, whose first pictures load at once.
 */
export function ContentCards({ now, className, priority = false, ...cards }: Cards & { now: number; className?: string; priority?: boolean }) {
  const eager = (i: number) => priority && i < EAGER_PICTURES;
  switch (cards.of) {
    case 'streams':
      return (
        <ContentGrid kind="wide" className={className}>
          {cards.items.map((s, i) => (
            <StreamCard key={s.id} stream={s} now={now} priority={eager(i)} />
          ))}
        </ContentGrid>
      );
    case 'videos':
      return (
        <ContentGrid kind="wide" className={className}>
          {cards.items.map((v, i) => (
            <VideoCard key={v.id} video={v} now={now} priority={eager(i)} />
          ))}
        </ContentGrid>
      );
    case 'shorts':
      return (
        <ContentGrid kind="tall" className={className}>
          {cards.items.map((s, i) => (
            <ShortCard key={s.id} short={s} priority={eager(i)} />
          ))}
        </ContentGrid>
      );
    case 'bounties':
      return (
        <ContentGrid kind="bounty" className={className}>
          {cards.items.map((b) => (
            <BountyCard key={b.id} bounty={b} now={now} />
          ))}
        </ContentGrid>
      );
  }
}
