import type { BountyCard as Bounty, StreamCard as Stream, VideoCard as Video } from '../../shared/content';
import { BountyCard } from '../bounties/bounty-card';
import { ShortCard } from '../shorts/short-card';
import { StreamCard } from '../streams/stream-card';
import { VideoCard } from '../videos/video-card';
import { ContentGrid } from './content-grid';

/** What a grid of cards holds: each kind of content with its own card. */
export type Cards =
  | { of: 'streams'; items: readonly Stream[] }
  | { of: 'videos'; items: readonly Video[] }
  | { of: 'shorts'; items: readonly Video[] }
  | { of: 'bounties'; items: readonly Bounty[] };

/**
 * The one grid of content cards that home, search, profiles and the lists share: streams and videos
 * wide, shorts tall, bounties as cards. `now` keeps every relative time on the page in step.
 */
export function ContentCards({ now, className, ...cards }: Cards & { now: number; className?: string }) {
  switch (cards.of) {
    case 'streams':
      return (
        <ContentGrid kind="wide" className={className}>
          {cards.items.map((s) => (
            <StreamCard key={s.id} stream={s} now={now} />
          ))}
        </ContentGrid>
      );
    case 'videos':
      return (
        <ContentGrid kind="wide" className={className}>
          {cards.items.map((v) => (
            <VideoCard key={v.id} video={v} now={now} />
          ))}
        </ContentGrid>
      );
    case 'shorts':
      return (
        <ContentGrid kind="tall" className={className}>
          {cards.items.map((s) => (
            <ShortCard key={s.id} short={s} />
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
