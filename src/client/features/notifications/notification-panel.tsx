import { Bell, BellOff, CheckCheck, Coins, Heart, MessageCircle, Radio, Share2, ShieldCheck, Trash2, UserPlus, type LucideIcon } from 'lucide-react';
import { LIVESTREAM_CONTENT_TYPE } from '../../../shared/platform/product';
import { useNavigate } from 'react-router';
import { notificationTarget } from '../../../shared/notifications/notification-rules';
import type { AppNotification } from '../../../shared/realtime/realtime';
import { timeAgo } from '../../lib/time';
import { formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { markViewSource } from '../../lib/view-source';
import { cn } from '../../lib/utils';
import { UserAvatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/error-state';
import { Spinner } from '../../ui/spinner';
import { PushToggle } from './push-toggle';
import { useDeleteNotification, useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './queries';

const TYPE_ICON: Record<AppNotification['type'], LucideIcon> = {
  follow: UserPlus,
  like: Heart,
  comment: MessageCircle,
  share: Share2,
  donation: Coins,
  bounty_claim: Coins,
};

/**
 * The notification list of docs/product.md §2: header 'Notifications' with 'Mark all read', the 50 newest
 * (400px high in the popover), the empty state, and the push switch. Shared by the header's popover
 * and the phone's sheet; `onNavigate` closes whichever holds it.
 */
export function NotificationPanel({
  onNavigate,
  listClassName,
  headerClassName,
}: {
  onNavigate: () => void;
  listClassName?: string;
  headerClassName?: string;
}) {
  const query = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.unread ?? 0;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className={cn('flex items-center justify-between gap-2 border-b px-4 py-3', headerClassName)}>
        <h2 className="text-base font-semibold">Notifications</h2>
        <Button variant="ghost" size="sm" disabled={unread === 0} onClick={() => markAll.mutate()}>
          <CheckCheck aria-hidden /> Mark all read
        </Button>
      </div>
      <div className={cn('h-[400px] overflow-y-auto overscroll-contain scrollbar-thin', listClassName)} data-slot="notification-list">
        {query.isError ? (
          <div className="p-4">
            <ErrorState compact headingLevel="h3" error={query.error} onRetry={() => void query.refetch()} title="Couldn’t load notifications" />
          </div>
        ) : !query.data ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label="Loading notifications" />
          </div>
        ) : query.data.notifications.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center">
            <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <BellOff aria-hidden className="size-5" />
            </div>
            <h3 className="font-semibold">No notifications yet</h3>
            <p className="text-sm text-muted-foreground">You'll be notified when someone interacts with your content</p>
          </div>
        ) : (
          <ul aria-label="Notifications" className="divide-y">
            {query.data.notifications.map((n) => (
              <NotificationItem key={n.id} notification={n} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
      </div>
      <PushToggle className="border-t px-4 py-2.5" />
    </div>
  );
}

function NotificationItem({ notification: n, onNavigate }: { notification: AppNotification; onNavigate: () => void }) {
  const navigate = useNavigate();
  const now = useNow();
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  // A notice from Glint itself (a moderation decision) has no actor (docs/product.md "Reports and moderation").
  const notice = !n.actor;
  const Icon = notice ? ShieldCheck : n.contentType === LIVESTREAM_CONTENT_TYPE ? Radio : (TYPE_ICON[n.type] ?? Bell);

  // docs/product.md §4: a click marks it read, then goes where it points.
  const open = () => {
    if (!n.isRead) markRead.mutate(n.id);
    const target = notificationTarget(n);
    if (target) {
      markViewSource('notification', target);
      onNavigate();
      void navigate(target);
    }
  };

  return (
    <li data-notification={n.id} data-read={n.isRead} className={cn('group relative flex items-start', !n.isRead && 'bg-primary/5')}>
      <button
        type="button"
        onClick={open}
        className="flex min-w-0 flex-1 items-start gap-3 py-3 pr-2 pl-4 text-left transition-colors outline-none hover:bg-accent/60 focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <span className="relative shrink-0">
          {n.actor ? (
            <UserAvatar name={n.actor.displayName} seed={n.actor.username} src={n.actor.avatarUrl} className="size-10" />
          ) : (
            <span className="flex size-10 items-center justify-center rounded-full bg-muted">
              {notice ? <ShieldCheck aria-hidden className="size-4 text-muted-foreground" /> : <Bell aria-hidden className="size-4 text-muted-foreground" />}
            </span>
          )}
          <span className="absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full border-2 border-popover bg-primary-solid text-primary-foreground">
            <Icon aria-hidden className="size-2.5" />
          </span>
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={cn('text-sm', n.isRead ? 'font-medium' : 'font-semibold')}>{n.title}</span>
          <span className="line-clamp-2 text-sm text-pretty break-words text-muted-foreground">{n.message}</span>
          <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)} className="text-xs text-muted-foreground">
            {timeAgo(n.createdAt, now)}
          </time>
        </span>
        {n.isRead ? null : (
          <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary">
            <span className="sr-only">Unread</span>
          </span>
        )}
      </button>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Delete notification"
        title="Delete notification"
        onClick={() => remove.mutate(n.id)}
        className="mt-2 mr-2 text-muted-foreground opacity-100 hover:text-destructive sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100"
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}
