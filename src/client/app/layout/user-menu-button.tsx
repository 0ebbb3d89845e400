import { User } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useSession } from '../../features/auth/session';
import { UserAvatar } from '../../ui/avatar';
import { Button } from '../../ui/button';

/**
 * The user menu's round button: the account's avatar, or a person icon for guests. The header
 * shows it on its own while the menu's code loads, so the real menu takes its place without a jump.
 */
export function UserMenuButton(props: ComponentProps<typeof Button>) {
  const { user } = useSession();
  return (
    <Button variant="ghost" size="icon" aria-label="User menu" className="rounded-full" {...props}>
      {user ? (
        <UserAvatar name={user.displayName} seed={user.username} src={user.avatarUrl} className="size-8" />
      ) : (
        <span className="flex size-8 items-center justify-center rounded-full border bg-muted">
          <User aria-hidden className="size-4" />
        </span>
      )}
    </Button>
  );
}
