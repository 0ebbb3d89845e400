import { UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { VideoCard as Video } from '../../../shared/videos/video-card';
import { ContentCards } from '../home/content-cards';
import { Section } from '../../ui/page-header';

/**
 * Home's "Following" row: the newest videos of creators the signed-in viewer follows
 * (`HomeFeed.following`, empty for guests). Nothing at all when there is nothing to show.
 */
export function FollowingRow({ videos, now }: { videos: readonly Video[] | undefined; now: number }) {
  if (!videos?.length) return null;
  return (
    <Section
      id="row-following"
      title="Following"
      icon={<UserCheck aria-hidden className="size-5 text-primary" />}
      action={
        <Link to="/following" className="text-sm font-medium text-primary outline-none hover:underline focus-visible:underline">
          See all
        </Link>
      }
    >
      <ContentCards of="videos" items={videos} now={now} />
    </Section>
  );
}
