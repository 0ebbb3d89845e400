import { Check, UserPlus } from 'lucide-react';
import { toast } from '../../lib/toast';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/utils';
import { Button, type ButtonProps } from '../../ui/button';
import { useFollowMutation, useProfile } from './queries';

/**
 * Follow / Following for `username`, anywhere a creator is shown (profiles, video and stream
 * pages). The state comes from that person's profile query, shared with their profile page; the
 * change is optimistic and rolls back on error. Hidden on your own content; a guest gets the
 * sign-in dialog.
 */
export function FollowButton({ username, className, size = 'default' }: { username: string; className?: string; size?: ButtonProps['size'] }) {
  const { user, status } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const own = !!user && user.username.toLowerCase() === username.toLowerCase();
  const profile = useProfile(username, !!user && !own);
  const mutation = useFollowMutation(username);

  if (own || status === 'loading') return null;
  const following = !!user && !!profile.data?.followedByMe;

  const onClick = () => {
    if (!user) {
      openAuthDialog('login');
      return;
    }
    mutation.mutate(!following, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) openAuthDialog('login');
        else toast.error(following ? 'Could not unfollow' : 'Could not follow', { description: error.message });
      },
    });
  };

  return (
    <Button
      variant={following ? 'secondary' : 'brand'}
      size={size}
      title={following ? `Unfollow @${username}` : `Follow @${username}`}
      // Until the state is known a click could only guess which way to go.
      disabled={!!user && profile.isPending}
      onClick={onClick}
      className={cn('rounded-full', className)}
    >
      {following ? <Check aria-hidden /> : <UserPlus aria-hidden />}
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
