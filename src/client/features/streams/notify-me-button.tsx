import { Bell, BellRing } from 'lucide-react';
import { toast } from 'sonner';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { useSetStreamReminder, useStreamReminder } from './queries';

/**
 * "Notify me" on an upcoming stream: the bell (and a web push) says when it goes live, whether or
 * not you follow its creator. Hidden from the creator; a guest gets the sign-in dialog.
 */
export function NotifyMeButton({ streamId, own }: { streamId: string; own: boolean }) {
  const { user, status } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const reminder = useStreamReminder(streamId, !!user && !own);
  const mutation = useSetStreamReminder(streamId);
  if (own || status === 'loading') return null;
  const on = !!user && !!reminder.data?.reminded;

  const onClick = () => {
    if (!user) {
      openAuthDialog('login');
      return;
    }
    mutation.mutate(!on, {
      onSuccess: (r) => {
        if (r.reminded) toast.success('We’ll notify you when it goes live');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) openAuthDialog('login');
        else toast.error('Could not change the reminder', { description: error.message });
      },
    });
  };

  return (
    <Button
      variant={on ? 'secondary' : 'outline'}
      className="rounded-full"
      aria-pressed={on}
      disabled={(!!user && reminder.isPending) || mutation.isPending}
      onClick={onClick}
    >
      {on ? <BellRing aria-hidden /> : <Bell aria-hidden />}
      {on ? 'Reminder set' : 'Notify me'}
    </Button>
  );
}
