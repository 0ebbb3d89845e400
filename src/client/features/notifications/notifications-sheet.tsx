import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { DialogOverlay } from '../../ui/dialog';
import { NotificationPanel } from './notification-panel';

/*
 * Whether the phone's notification sheet is open. It lives outside React state because the user
 * menu that opens it closes (and unmounts its items) as the sheet opens.
 */
let sheetOpen = false;
const watchers = new Set<() => void>();

function setSheetOpen(open: boolean) {
  sheetOpen = open;
  for (const w of watchers) w();
}

/** Opens the notification list as a sheet (the user menu's 'Notifications' entry on phones). */
export function openNotificationsSheet() {
  setSheetOpen(true);
}

function subscribe(onChange: () => void) {
  watchers.add(onChange);
  return () => {
    watchers.delete(onChange);
  };
}

/** The same list as the header's popover, in a sheet from the bottom of the screen. */
export function NotificationsSheet() {
  const open = useSyncExternalStore(
    subscribe,
    () => sheetOpen,
    () => false,
  );
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setSheetOpen}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col overflow-hidden rounded-t-2xl border-t bg-popover text-popover-foreground shadow-2xl outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-pop-in"
        >
          <DialogPrimitive.Title className="sr-only">Notifications</DialogPrimitive.Title>
          <div aria-hidden className="mx-auto mt-2 h-1 w-10 shrink-0 rounded-full bg-muted-foreground/30" />
          <NotificationPanel onNavigate={() => setSheetOpen(false)} listClassName="h-auto max-h-[400px] min-h-48 flex-1" headerClassName="pr-12" />
          <DialogPrimitive.Close
            className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Close"
          >
            <X aria-hidden className="size-4" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
