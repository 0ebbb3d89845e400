import { CalendarDays, Camera, Clapperboard, Coins, Copy, Link2, Pencil, Radio, Smartphone, UserX, Wallet } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import type { PublicProfile } from '../../shared/content';
import { BountyCard } from '../bounties/bounty-card';
import { useSession } from '../auth/session';
import { ContentGrid, ContentGridSkeleton } from '../components/content-grid';
import { Section } from '../components/page-header';
import { ApiRequestError } from '../lib/api';
import { formatCount, formatMonthYear, gradientFor, shortAddress } from '../lib/format';
import { useNow } from '../lib/use-now';
import { cn } from '../lib/utils';
import { ShortCard } from '../shorts/short-card';
import { StreamCard } from '../streams/stream-card';
import { UserAvatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { Skeleton } from '../ui/skeleton';
import { Spinner } from '../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { VideoCard } from '../videos/video-card';
import { EditProfileDialog } from './edit-profile-dialog';
import { FollowButton } from './follow-button';
import { FollowListDialog } from './follow-list-dialog';
import { PROFILE_IMAGE_TYPES, profileImageProblem, useProfile, useUploadProfileImage, type FollowListKind, type ProfileImageKind } from './queries';
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
  // A fresh view per person: open dialogs and picked images belong to the profile they were opened on.
  return <ProfileView key={profile.data.id} profile={profile.data} />;
}

export function ProfileView({ profile, nameLevel = 'h1' }: { profile: PublicProfile; nameLevel?: 'h1' | 'h2' }) {
  const now = useNow();
  const { user } = useSession();
  const own = user?.id === profile.id;
  const [list, setList] = useState<FollowListKind | undefined>();
  const [editing, setEditing] = useState(false);
  const avatar = useImageUpload('avatar');
  const banner = useImageUpload('banner');
  const Name = nameLevel;
  const live = profile.streams.filter((s) => s.status === 'live');
  const upcoming = profile.streams.filter((s) => s.status === 'scheduled');
  const past = profile.streams.filter((s) => s.status === 'ended');
  const uploadError = avatar.error ?? banner.error;

  return (
    <div className="flex flex-col gap-6">
      <div className="overflow-hidden rounded-2xl border bg-card">
        <div className={cn('relative h-32 bg-linear-to-br sm:h-44', gradientFor(`${profile.username}-banner`))}>
          {(banner.preview ?? profile.bannerUrl) ? <img src={banner.preview ?? profile.bannerUrl ?? undefined} alt="" className="size-full object-cover" /> : null}
          <div className="absolute inset-0 bg-[radial-gradient(circle_at_80%_0%,rgba(255,255,255,0.25),transparent_50%)]" />
          {own ? (
            <ImagePicker label="Change banner" upload={banner} className="absolute right-3 bottom-3">
              <Camera aria-hidden /> <span className="max-sm:sr-only">Change banner</span>
            </ImagePicker>
          ) : null}
        </div>
        <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:gap-5 sm:px-6">
          <div className="relative -mt-12 self-start sm:-mt-14">
            <UserAvatar
              name={profile.displayName}
              seed={profile.username}
              src={avatar.preview ?? profile.avatarUrl}
              className="size-24 border-4 border-card shadow-xl sm:size-28"
              textClassName="text-2xl"
            />
            {own ? (
              <ImagePicker label="Change avatar" upload={avatar} round className="absolute right-0 bottom-0">
                <Camera aria-hidden />
              </ImagePicker>
            ) : null}
          </div>
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
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <FollowCount n={profile.followers} noun={profile.followers === 1 ? 'follower' : 'followers'} onClick={() => setList('followers')} />
              <FollowCount n={profile.following} noun="following" onClick={() => setList('following')} />
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:self-end">
            {profile.publicWalletAddress ? <WalletAddress address={profile.publicWalletAddress} /> : null}
            {own ? (
              <Button variant="outline" className="rounded-full" onClick={() => setEditing(true)}>
                <Pencil aria-hidden /> Edit profile
              </Button>
            ) : (
              <FollowButton username={profile.username} />
            )}
          </div>
        </div>
        {uploadError ? (
          <p role="alert" className="border-t bg-destructive/10 px-5 py-2 text-sm font-medium text-destructive sm:px-6">
            {uploadError}
          </p>
        ) : null}
        {profile.bio || profile.links.length ? (
          <div className="flex flex-col gap-3 border-t px-5 py-4 sm:px-6">
            {profile.bio ? <p className="text-sm whitespace-pre-line text-pretty">{profile.bio}</p> : null}
            {profile.links.length ? (
              <ul aria-label="Links" className="flex flex-wrap gap-2">
                {profile.links.map((href) => (
                  <li key={href}>
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer nofollow ugc"
                      className="inline-flex max-w-72 items-center gap-1.5 rounded-full border bg-muted/40 px-3 py-1 text-sm text-primary transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <Link2 aria-hidden className="size-3.5 shrink-0" />
                      <span className="truncate">{linkLabel(href)}</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>

      <FollowListDialog username={profile.username} displayName={profile.displayName} which={list} onOpenChange={(open) => !open && setList(undefined)} />
      {own ? <EditProfileDialog profile={profile} open={editing} onOpenChange={setEditing} /> : null}

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
                  <ContentGrid kind="wide">
                    {g.streams.map((s) => (
                      <StreamCard key={s.id} stream={s} now={now} />
                    ))}
                  </ContentGrid>
                </Section>
              ))
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

/** "https://www.x.com/alpha/" -> "x.com/alpha". */
function linkLabel(href: string): string {
  try {
    const u = new URL(href);
    return `${u.hostname.replace(/^www\./, '')}${u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '')}`;
  } catch {
    return href;
  }
}

function FollowCount({ n, noun, onClick }: { n: number; noun: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-sm text-muted-foreground outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="font-semibold text-foreground tabular-nums" data-testid={`${noun === 'following' ? 'following' : 'followers'}-count`}>
        {formatCount(n)}
      </span>{' '}
      {noun}
    </button>
  );
}

/** A new avatar or banner: shown at once from the file, uploaded, and put back if refused. */
function useImageUpload(kind: ProfileImageKind) {
  const upload = useUploadProfileImage(kind);
  const [preview, setPreview] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  const pick = (file: File) => {
    setError(undefined);
    const problem = profileImageProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast.success(kind === 'avatar' ? 'Avatar updated' : 'Banner updated'),
      onError: (e) => {
        setPreview(undefined);
        setError(e.message);
      },
    });
  };
  return { pick, preview, error, pending: upload.isPending };
}

function ImagePicker({
  label,
  upload,
  round,
  className,
  children,
}: {
  label: string;
  upload: ReturnType<typeof useImageUpload>;
  round?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={PROFILE_IMAGE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload.pick(file);
        }}
      />
      <Button
        variant="secondary"
        size={round ? 'icon-sm' : 'sm'}
        aria-label={label}
        disabled={upload.pending}
        onClick={() => input.current?.click()}
        className={cn('border bg-background/80 shadow-md backdrop-blur-sm', round && 'rounded-full', className)}
      >
        {upload.pending ? <Spinner label="Uploading" className="size-4" /> : children}
      </Button>
    </>
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
