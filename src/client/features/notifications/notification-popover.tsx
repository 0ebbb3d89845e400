import { Popover } from 'radix-ui';
import { useState } from 'react';
import { BellButton } from './bell-button';
import { NotificationPanel } from './notification-panel';
import { NotificationsSheet } from './notifications-sheet';

/**
 * The notification list in a popover under the bell, and the phone's sheet with the same list.
 * `defaultOpen`: the bell was pressed while this code was still loading.
 */
export function NotificationPopover({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <BellButton />
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
