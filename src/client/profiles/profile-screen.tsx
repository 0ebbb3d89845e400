import { CalendarDays, Clapperboard, Coins, Copy, Radio, Smartphone, UserX, Wallet } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import type { PublicProfile } from '../../shared/content';
import { BountyCard } from '../bounties/bounty-card';
import { ContentGrid, ContentGridSkeleton } from '../components/content-grid';
import { ApiRequestError } from '../lib/api';
import { formatMonthYear, gradientFor, shortAddress } from '../lib/format';
import { useNow } from '../lib/use-now';
import { cn } from '../lib/utils';
import { ShortCard } from '../shorts/short-card';
import { StreamCard } from '../streams/stream-card';
import { UserAvatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { Skeleton } from '../ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { VideoCard } from '../videos/video-card';
import { useProfile } from './queries';
import { RoleBadge } from './role-badge';
import { VerificationBadge } from './verification-badge';

/** /profile/{username}: anyone's public profile. */
export default function ProfileScreen() {
  const { username = '' } = useParams();
  const profile = useProfile(username);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (profile.error instanceof ApiRequestError && profile.error.status === 404) {
      return (
        <EmptyState
          icon={UserX}
          headingLevel="h1"
          title="User not found"
          description={`No one on Glint goes by @${username}. Check the spelling, or search for them.`}
          className="mt-6"
          action={
            <>
              <Button asChild>
                <Link to={`/search?q=${encodeURIComponent(username)}`}>Search</Link>
              </Button>
              <Button variant="outline" asChild>
                <Link to="/app">Back to Home</Link>
              </Button>
            </>
          }
        />
      );
    }
    return <ErrorState headingLevel="h1" error={profile.error} onRetry={() => void profile.refetch()} title="Couldn’t load this profile" />;
  }
  return <ProfileView profile={profile.data} />;
}

export function ProfileView({ profile, nameLevel = 'h1' }: { profile: PublicProfile; nameLevel?: 'h1' | 'h2' }) {
  const now = useNow();
  const Name = nameLevel;
  return (
    <div className="flex flex-col gap-6">
      <div className="overflow-hidden rounded-2xl border bg-card">
        <div className={cn('relative h-32 bg-linear-to-br sm:h-44', gradientFor(`${profile.username}-banner`))}>
          {profile.bannerUrl ? <img src={profile.bannerUrl} alt="" className="size-full object-cover" /> : null}
          <div className="absolute inset-0 bg-[radial-gradient(circle_at_80%_0%,rgba(255,255,255,0.25),transparent_50%)]" />
        </div>
        <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:gap-5 sm:px-6">
          <UserAvatar
            name={profile.displayName}
            seed={profile.username}
            src={profile.avatarUrl}
            className="-mt-12 size-24 border-4 border-card shadow-xl sm:-mt-14 sm:size-28"
            textClassName="text-2xl"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-2 sm:pb-1">
            <div className="flex flex-wrap items-center gap-2">
              <Name className="truncate text-2xl font-bold tracking-tight">{profile.displayName}</Name>
              <VerificationBadge type={profile.verificationType} focusable className="size-5" />
              <RoleBadge roles={profile.roles} />
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <span>@{profile.username}</span>
              <span className="flex items-center gap-1">
                <CalendarDays aria-hidden className="size-4" /> Joined {formatMonthYear(profile.createdAt)}
              </span>
            </div>
          </div>
          {profile.publicWalletAddress ? <WalletAddress address={profile.publicWalletAddress} /> : null}
        </div>
        {profile.bio ? <p className="border-t px-5 py-4 text-sm text-pretty sm:px-6">{profile.bio}</p> : null}
      </div>

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
        </TabsList>
        <TabsContent value="streams">
          {profile.streams.length === 0 ? (
            <EmptyState compact icon={Radio} title="No streams yet" description={`${profile.displayName} hasn’t streamed or scheduled a stream.`} />
          ) : (
            <ContentGrid kind="wide">
              {profile.streams.map((s) => (
                <StreamCard key={s.id} stream={s} now={now} />
              ))}
            </ContentGrid>
          )}
        </TabsContent>
        <TabsContent value="videos">
          {profile.videos.length === 0 ? (
            <EmptyState compact icon={Clapperboard} title="No videos yet" description={`${profile.displayName} hasn’t posted a video.`} />
          ) : (
            <ContentGrid kind="wide">
              {profile.videos.map((v) => (
                <VideoCard key={v.id} video={v} now={now} />
              ))}
            </ContentGrid>
          )}
        </TabsContent>
        <TabsContent value="shorts">
          {profile.shorts.length === 0 ? (
            <EmptyState compact icon={Smartphone} title="No shorts yet" description={`${profile.displayName} hasn’t posted a short.`} />
          ) : (
            <ContentGrid kind="tall">
              {profile.shorts.map((s) => (
                <ShortCard key={s.id} short={s} />
              ))}
            </ContentGrid>
          )}
        </TabsContent>
        <TabsContent value="bounties">
          {profile.bounties.length === 0 ? (
            <EmptyState compact icon={Coins} title="No bounties yet" description={`${profile.displayName} hasn’t posted a bounty.`} />
          ) : (
            <ContentGrid kind="bounty">
              {profile.bounties.map((b) => (
                <BountyCard key={b.id} bounty={b} now={now} />
              ))}
            </ContentGrid>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Count({ n }: { n: number }) {
  return <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums">{n}</span>;
}

function WalletAddress({ address }: { address: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast.success('Wallet address copied');
    } catch {
      toast.error('Could not copy the wallet address');
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      title={address}
      aria-label={`Copy wallet address ${address}`}
      className="flex items-center gap-2 self-start rounded-full border bg-muted/50 px-3 py-1.5 font-mono text-xs transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring sm:self-end"
    >
      <Wallet aria-hidden className="size-3.5 text-primary" />
      {shortAddress(address, 6)}
      <Copy aria-hidden className="size-3.5 text-muted-foreground" />
    </button>
  );
}

function ProfileSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading profile">
      <div className="overflow-hidden rounded-2xl border">
        <Skeleton className="h-32 rounded-none sm:h-44" />
        <div className="flex items-end gap-5 px-6 pb-6">
          <Skeleton className="-mt-12 size-24 rounded-full border-4 border-card sm:size-28" />
          <div className="flex flex-1 flex-col gap-2 pb-1">
            <Skeleton className="h-7 w-48" />
            <Skeleton className="h-4 w-32" />
          </div>
        </div>
      </div>
      <Skeleton className="h-10 w-80" />
      <ContentGridSkeleton kind="wide" count={4} />
    </div>
  );
}
