import { Clapperboard, Coins, ListVideo, Radio, Smartphone } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { PublicProfile } from '../../../shared/profiles/profiles';
import { ContentCards } from '../home/content-cards';
import { Section } from '../../ui/page-header';
import { useNow } from '../../lib/use-now';
import { EmptyState } from '../../ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { Count } from './profile-parts';
import { ContentGridSkeleton } from '../../ui/content-grid';

// The public playlists load when their tab is opened.
const ProfilePlaylists = lazy(() => import('../playlists/profile-playlists'));

/** What a person has made, a tab per kind, each with its empty state. */
export function ProfileTabs({ profile }: { profile: PublicProfile }) {
  const now = useNow();
  const live = profile.streams.filter((s) => s.status === 'live');
  const upcoming = profile.streams.filter((s) => s.status === 'scheduled');
  const past = profile.streams.filter((s) => s.status === 'ended');
  return (
    <Tabs defaultValue="streams">
      <TabsList>
        <TabsTrigger value="streams">
          <Radio aria-hidden className="max-sm:hidden" /> Streams <Count n={profile.streams.length} />
        </TabsTrigger>
        <TabsTrigger value="videos">
          <Clapperboard aria-hidden className="max-sm:hidden" /> Videos <Count n={profile.videos.length} />
        </TabsTrigger>
        <TabsTrigger value="shorts">
          <Smartphone aria-hidden className="max-sm:hidden" /> Shorts <Count n={profile.shorts.length} />
        </TabsTrigger>
        <TabsTrigger value="bounties">
          <Coins aria-hidden className="max-sm:hidden" /> Bounties <Count n={profile.bounties.length} />
        </TabsTrigger>
        <TabsTrigger value="playlists">
          <ListVideo aria-hidden className="max-sm:hidden" /> Playlists
        </TabsTrigger>
      </TabsList>
      <TabsContent value="streams" className="flex flex-col gap-8">
        {profile.streams.length === 0 ? (
          <EmptyState compact icon={Radio} title="No streams yet" description={`${profile.displayName} hasn’t streamed or scheduled a stream.`} />
        ) : (
          [
            { id: 'live', title: 'Live now', streams: live },
            { id: 'upcoming', title: 'Upcoming', streams: upcoming },
            { id: 'past', title: 'Past streams', streams: past },
          ]
            .filter((g) => g.streams.length > 0)
            .map((g) => (
              <Section key={g.id} id={`profile-streams-${g.id}`} title={g.title}>
                <ContentCards of="streams" items={g.streams} now={now} />
              </Section>
            ))
        )}
      </TabsContent>
      <TabsContent value="videos">
        {profile.videos.length === 0 ? (
          <EmptyState compact icon={Clapperboard} title="No videos yet" description={`${profile.displayName} hasn’t posted a video.`} />
        ) : (
          <ContentCards of="videos" items={profile.videos} now={now} />
        )}
      </TabsContent>
      <TabsContent value="shorts">
        {profile.shorts.length === 0 ? (
          <EmptyState compact icon={Smartphone} title="No shorts yet" description={`${profile.displayName} hasn’t posted a short.`} />
        ) : (
          <ContentCards of="shorts" items={profile.shorts} now={now} />
        )}
      </TabsContent>
      <TabsContent value="bounties">
        {profile.bounties.length === 0 ? (
          <EmptyState compact icon={Coins} title="No bounties yet" description={`${profile.displayName} hasn’t posted a bounty.`} />
        ) : (
          <ContentCards of="bounties" items={profile.bounties} now={now} />
        )}
      </TabsContent>
      <TabsContent value="playlists">
        <Suspense fallback={<ContentGridSkeleton kind="wide" count={3} />}>
          <ProfilePlaylists username={profile.username} displayName={profile.displayName} />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}
