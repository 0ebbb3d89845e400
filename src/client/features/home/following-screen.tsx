import { useQuery } from '@tanstack/react-query';
import { Clapperboard, Radio, Smartphone, UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { FollowingFeed } from '../../../shared/home/home-feed';
import { api } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useNow } from '../../lib/use-now';
import { useSession } from '../auth/session';
import { Button } from '../../ui/button';
import { ContentGridSkeleton } from '../../ui/content-grid';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { PageHeader, Section } from '../../ui/page-header';
import { ContentCards } from './content-cards';

/** /following: what the creators you follow have now: live, their newest videos and shorts. */
export default function FollowingScreen() {
  usePageTitle('Following');
  const { user } = useSession();
  const now = useNow();
  const feed = useQuery({
    queryKey: ['following', user?.id ?? ''],
    queryFn: ({ signal }) => api<FollowingFeed>('/api/following', { signal }),
    enabled: !!user,
  });
  const data = feed.data;
  const nothing = data && data.live.length + data.videos.length + data.shorts.length === 0;
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        icon={<UserCheck aria-hidden />}
        title="Following"
        description="Live streams, videos and shorts from the creators you follow, newest first."
      />
      {feed.isPending ? (
        <ContentGridSkeleton kind="wide" count={4} />
      ) : feed.isError || !data ? (
        <ErrorState error={feed.error ?? new Error('Something went wrong')} onRetry={() => void feed.refetch()} title="Couldn’t load what you follow" />
      ) : nothing ? (
        <EmptyState
          icon={UserCheck}
          title={data.follows === 0 ? 'You don’t follow anyone yet' : 'Nothing new from the creators you follow'}
          description={data.follows === 0 ? 'Follow creators to see their streams, videos and shorts here.' : 'Their next stream or video will appear here.'}
          action={
            <Button asChild variant="outline">
              <Link to="/trending">Find creators in Trending</Link>
            </Button>
          }
        />
      ) : (
        <>
          {data.live.length ? (
            <Section id="following-live" title="Live now" icon={<Radio aria-hidden className="size-5 text-live" />}>
              <ContentCards of="streams" items={data.live} now={now} priority />
            </Section>
          ) : null}
          {data.videos.length ? (
            <Section id="following-videos" title="Videos" icon={<Clapperboard aria-hidden className="size-5 text-primary" />}>
              <ContentCards of="videos" items={data.videos} now={now} priority={!data.live.length} />
            </Section>
          ) : null}
          {data.shorts.length ? (
            <Section id="following-shorts" title="Shorts" icon={<Smartphone aria-hidden className="size-5 text-primary" />}>
              <ContentCards of="shorts" items={data.shorts} now={now} />
            </Section>
          ) : null}
        </>
      )}
    </div>
  );
}
