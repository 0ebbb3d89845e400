import { ShieldAlert, UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { PublicProfile } from '../../../shared/profiles/profiles';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { useProfile } from './queries';

import { ProfileSkeleton } from './profile-parts';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';

/** /profile/{username}: anyone's public profile. */
export default function ProfileScreen() {
  const { username = '' } = useParams();
  const profile = useProfile(username);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) {
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
    if (profile.error instanceof ApiError && profile.error.status === 410) {
      return (
        <EmptyState
          icon={ShieldAlert}
          headingLevel="h1"
          title="Account banned"
          description={profile.error.message}
          className="mt-6"
          action={
            <Button variant="outline" asChild>
              <Link to="/app">Back to Home</Link>
            </Button>
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
  return (
    <div className="flex flex-col gap-6">
      <ProfileHeader profile={profile} nameLevel={nameLevel} />
      <ProfileTabs profile={profile} />
    </div>
  );
}
