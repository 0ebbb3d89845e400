import { toast } from '../../lib/toast';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';
import { useLikeVideo } from './queries';

/**
 * The like button's action: guests get the sign-in dialog; everyone else sees the heart change
 * at once, and change back with a toast if the server refuses.
 */
export function useToggleLike(video: { id: string; likedByMe: boolean } | undefined) {
  const { status } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const like = useLikeVideo(video?.id ?? '');
  return () => {
    if (!video) return;
    if (status === 'guest' || status === 'loading') {
      openAuthDialog('login');
      return;
    }
    like.mutate(!video.likedByMe, {
      onError: (err) => toast.error('Could not save your like', { description: err.message }),
    });
  };
}
