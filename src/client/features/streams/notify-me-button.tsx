import { Bell, BellRing } from 'lucide-react';
import { toast } from 'sonner';
import { useMemberAction } from '../auth/use-member-dialog';
import { useSession } from '../auth/session';
import { Button } from '../../ui/button';
import { useSetStreamReminder, useStreamReminder } from './queries';

/**
 * "Notify me" on an upcoming stream: the bell (and a web push) says when it goes live, whether or
 * not you follow its creator. Hidden from the creator; a guest gets the sign-in dialog.
 */
export function NotifyMeButton({ streamId, own }: { streamId: string; own: boolean }) {
  const { user, status } = useSession();
  const member = useMemberAction();
  const reminder = useStreamReminder(streamId, !!user && !own);
  const mutation = useSetStreamReminder(streamId);
  if (own || status === 'loading') return null;
  const on = !!user && !!reminder.data?.reminded;

  const onClick = () =>
    member.run(() =>
      mutation.mutate(!on, {
        onSuccess: (r) => {
          if (r.reminded) toast.success('We’ll notify you when it goes live');
        },
        onError: member.failed('Could not change the reminder'),
      }),
    );

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
