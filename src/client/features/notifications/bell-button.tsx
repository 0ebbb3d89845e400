import { Bell } from 'lucide-react';
import { useId, type ComponentProps } from 'react';
import { unreadBadge } from '../../../shared/notifications/notification-rules';
import { cn } from '../../lib/utils';
import { Button } from '../../ui/button';
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

/** The bell with its unread badge, the trigger of the notification popover. */
export function BellButton(props: ComponentProps<typeof Button>) {
  const describedBy = useId();
  const unread = useNotifications().data?.unread ?? 0;
  return (
    <Button variant="ghost" size="icon" aria-label="Notifications" aria-describedby={describedBy} className="relative hidden md:inline-flex" {...props}>
      <Bell aria-hidden />
      <UnreadBadge className="absolute top-0.5 right-0.5" />
      <span id={describedBy} className="sr-only">
        {unread === 0 ? 'No unread notifications' : `${unread} unread`}
      </span>
    </Button>
  );
}
