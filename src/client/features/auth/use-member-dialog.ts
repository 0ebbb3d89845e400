import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useAuthDialog } from './auth-dialog-context';
import { useSession } from './session';

/**
 * A control that opens a dialog for signed-in people (Tip, Report): hidden while the session is
 * loading and on the person's own things; a guest's click opens the sign-in dialog instead.
 */
export function useMemberDialog(isOwn: (user: { id: string; username: string }) => boolean) {
  const { user, status } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const [open, setOpen] = useState(false);
  return {
    hidden: status === 'loading' || (!!user && isOwn(user)),
    open,
    setOpen,
    onClick: () => (user ? setOpen(true) : openAuthDialog('login')),
  };
}

/**
 * A request only members make (Follow, Notify me): a guest's click opens the sign-in dialog, and
 * so does a refusal for a session that ran out (401); other failures are a toast.
 */
export function useMemberAction() {
  const { user } = useSession();
  const { openAuthDialog } = useAuthDialog();
  return {
    run: (act: () => void) => (user ? act() : openAuthDialog('login')),
    failed: (title: string) => (error: Error) => {
      if (error instanceof ApiError && error.status === 401) openAuthDialog('login');
      else toast.error(title, { description: error.message });
    },
  };
}
