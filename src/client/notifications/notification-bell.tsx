import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { unreadBadge } from '../../shared/realtime';
import { useSession } from '../auth/session';
import { cn } from '../lib/utils';
import { Button } from '../ui/button';
import { NotificationPanel } from './notification-panel';
import { NotificationsSheet } from './notifications-sheet';
import { useNotifications } from './queries';

/** The unread count as docs/product.md §9 shows it ('9+' above 9), or nothing at 0. */
export function UnreadBadge({ className }: { className?: string }) {
  const unread = useNotifications().data?.unread ?? 0;
  const text = unreadBadge(unread);
  if (!text) return null;
  return (
    <span
      aria-hidden
      data-slot="unread-badge"
      className={cn(
        'flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-live px-1 text-[10px] leading-none font-bold text-white tabular-nums ring-2 ring-background',
        className,
      )}
    >
      {text}
    </span>
  );
}

/**
 * The header's bell for signed-in people (docs/product.md §2): the unread badge, and the notification list
 * in a popover. On phones the user menu opens the same list as a sheet, which is hosted here too.
 */
export function NotificationBell() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const describedBy = useId();
  const unread = useNotifications().data?.unread ?? 0;
  if (!user) return null;

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label="Notifications" aria-describedby={describedBy} className="relative hidden md:inline-flex">
            <Bell aria-hidden />
            <UnreadBadge className="absolute top-0.5 right-0.5" />
            <span id={describedBy} className="sr-only">
              {unread === 0 ? 'No unread notifications' : `${unread} unread`}
            </span>
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            collisionPadding={8}
            aria-label="Notifications"
            className="z-50 flex w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-2xl outline-none data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
          >
            <NotificationPanel onNavigate={() => setOpen(false)} />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <NotificationsSheet />
    </>
  );
}
