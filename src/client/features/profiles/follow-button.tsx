import { Check, UserPlus } from 'lucide-react';
import { useMemberAction } from '../auth/use-member-dialog';
import { useSession } from '../auth/session';
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
  const member = useMemberAction();
  const own = !!user && user.username.toLowerCase() === username.toLowerCase();
  const profile = useProfile(username, !!user && !own);
  const mutation = useFollowMutation(username);

  if (own || status === 'loading') return null;
  const following = !!user && !!profile.data?.followedByMe;

  const onClick = () => member.run(() => mutation.mutate(!following, { onError: member.failed(following ? 'Could not unfollow' : 'Could not follow') }));

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
