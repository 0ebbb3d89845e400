import { useSession } from '../auth/session';
import { PageHeader } from '../../ui/page-header';
import { ErrorState } from '../../ui/error-state';
import { PageSpinner } from '../../ui/spinner';
import { ProfileView } from './profile-screen';
import { useProfile } from './queries';

/** /profile: the signed-in person's own profile (behind the verified-login guard). */
export default function OwnProfileScreen() {
  const { user } = useSession();
  const profile = useProfile(user?.username ?? '', !!user);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Your profile" description="How other people see you on Glint." />
      {profile.isError ? (
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} title="Couldn’t load your profile" />
      ) : profile.data ? (
        <ProfileView profile={profile.data} nameLevel="h2" />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}
