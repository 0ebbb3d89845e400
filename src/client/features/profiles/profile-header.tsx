import { leavingHref } from '../../../shared/platform/external-links';
import { CalendarDays, Camera, Link2, Pencil } from 'lucide-react';
import { useState } from 'react';
import type { PublicProfile } from '../../../shared/profiles/profiles';
import { useSession } from '../auth/session';
import { formatMonthYear, gradientFor } from '../../lib/format';
import { cn } from '../../lib/utils';
import { UserAvatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { EditProfileDialog } from './edit-profile-dialog';
import { TipButton } from '../payments/tip-button';
import { ReportButton } from '../moderation/report-dialog';
import { BlockButton } from './blocks';
import { FollowButton } from './follow-button';
import { FollowListDialog } from './follow-list-dialog';
import { type FollowListKind } from './queries';
import { RoleBadge } from './role-badge';
import { VerificationBadge } from './verification-badge';
import { linkLabel, FollowCount, useImageUpload, ImagePicker, WalletAddress } from './profile-parts';
import { mediaUrl } from '../../lib/native/api-origin';

/** The profile card: banner, avatar, names, counts, links, and the owner's image and profile editing. */
export function ProfileHeader({ profile, nameLevel = 'h1' }: { profile: PublicProfile; nameLevel?: 'h1' | 'h2' }) {
  const { user } = useSession();
  const own = user?.id === profile.id;
  const [list, setList] = useState<FollowListKind | undefined>();
  const [editing, setEditing] = useState(false);
  const avatar = useImageUpload('avatar');
  const banner = useImageUpload('banner');
  const Name = nameLevel;
  const uploadError = avatar.error ?? banner.error;

  return (
    <>
      <div className="overflow-hidden rounded-2xl border bg-card">
        <div className={cn('relative h-32 bg-linear-to-br sm:h-44', gradientFor(`${profile.username}-banner`))}>
          {(banner.preview ?? profile.bannerUrl) ? (
            <img src={banner.preview ?? mediaUrl(profile.bannerUrl) ?? undefined} alt="" className="size-full object-cover" />
          ) : null}
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
              src={avatar.preview ?? mediaUrl(profile.avatarUrl)}
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
              <>
                <FollowButton username={profile.username} />
                <TipButton target={{ username: profile.username }} />
                <ReportButton subject={{ type: 'user', id: profile.id, ownerId: profile.id, noun: 'profile' }} />
                <BlockButton user={profile} />
              </>
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
                    {/* Through the leaving page, which shows the real domain first. */}
                    <a
                      href={leavingHref(href)}
                      target="_blank"
                      rel="noopener nofollow ugc"
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
    </>
  );
}
