import { Bell } from 'lucide-react';
import { Suspense } from 'react';
import { lazyAfterLoad, usePressBeforeLoad } from '../../lib/lazy-after-load';
import { useSession } from '../auth/session';
import { Button } from '../../ui/button';

// The bell with its unread count, the popover and the phone's sheet (Radix popover and dialog)
// load once the page has loaded. Until then a plain bell holds their place, so nothing moves.
const NotificationPopover = lazyAfterLoad(() => import('./notification-popover').then((m) => ({ default: m.NotificationPopover })));

/**
 * The header's bell for signed-in people (docs/product.md §2): the unread badge, and the notification list
 * in a popover. On phones the user menu opens the same list as a sheet, which is hosted there too.
 */
export function NotificationBell() {
  const { user } = useSession();
  // A press on the bell before the popover's code arrived opens it when it does.
  const bell = usePressBeforeLoad(NotificationPopover);
  if (!user) return null;
  return (
    <Suspense
      fallback={
        <Button variant="ghost" size="icon" aria-label="Notifications" className="relative hidden md:inline-flex" onClick={bell.press}>
          <Bell aria-hidden />
        </Button>
      }
    >
      <NotificationPopover defaultOpen={bell.pressed} />
    </Suspense>
  );
}
