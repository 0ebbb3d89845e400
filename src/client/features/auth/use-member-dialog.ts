import { useState } from 'react';
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
