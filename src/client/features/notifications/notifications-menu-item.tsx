import { Bell } from 'lucide-react';
import { DropdownMenuItem } from '../../ui/dropdown-menu';
import { UnreadBadge } from './bell-button';
import { openNotificationsSheet } from './notifications-sheet';

/** The user menu's 'Notifications' entry on phones (docs/product.md §2): opens the list as a sheet. */
export function NotificationsMenuItem() {
  return (
    <DropdownMenuItem onSelect={() => openNotificationsSheet()}>
      <Bell aria-hidden /> Notifications
      <UnreadBadge className="ml-auto ring-0" />
    </DropdownMenuItem>
  );
}
