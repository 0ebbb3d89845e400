import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/platform/routes';
import { UserAvatar } from '../../ui/avatar';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';
import { useFollowList, type FollowListKind } from './queries';
import { VerificationBadge } from './verification-badge';

/** The people behind a follower or following count, each linking to their profile. */
export function FollowListDialog({
  username,
  displayName,
  which,
  onOpenChange,
}: {
  username: string;
  displayName: string;
  /** Which list is open; undefined when closed. */
  which: FollowListKind | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const shown = which ?? 'followers';
  const list = useFollowList(username, shown, !!which);
  const title = shown === 'followers' ? 'Followers' : 'Following';

  return (
    <Dialog open={!!which} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md gap-3 p-0">
        <DialogHeader className="border-b px-5 pt-5 pb-3">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{shown === 'followers' ? `People who follow ${displayName}` : `People ${displayName} follows`}</DialogDescription>
        </DialogHeader>
        <div className="max-h-[min(60dvh,28rem)] overflow-y-auto px-2 pb-3 scrollbar-thin">
          {list.isError ? (
            <ErrorState compact headingLevel="h3" error={list.error} onRetry={() => void list.refetch()} title={`Couldn’t load ${title.toLowerCase()}`} />
          ) : !list.data ? (
            <ul aria-busy="true" aria-label="Loading" className="flex flex-col gap-1 px-3 py-2">
              {[0, 1, 2].map((i) => (
                <li key={i} className="flex items-center gap-3 py-1.5">
                  <Skeleton className="size-10 rounded-full" />
                  <Skeleton className="h-4 w-40" />
                </li>
              ))}
            </ul>
          ) : list.data.length === 0 ? (
            <EmptyState
              compact
              headingLevel="h3"
              icon={Users}
              title={shown === 'followers' ? 'No followers yet' : 'Not following anyone yet'}
              className="m-3"
            />
          ) : (
            <ul aria-label={title} className="flex flex-col">
              {list.data.map((c) => (
                <li key={c.id}>
                  <Link
                    to={paths.profile(c.username)}
                    onClick={() => onOpenChange(false)}
                    className="flex items-center gap-3 rounded-lg px-3 py-2 transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <UserAvatar name={c.displayName} seed={c.username} src={c.avatarUrl} className="size-10" />
                    <span className="flex min-w-0 flex-col">
                      <span className="flex items-center gap-1 font-medium">
                        <span className="truncate">{c.displayName}</span>
                        <VerificationBadge type={c.verificationType} />
                      </span>
                      <span className="truncate text-xs text-muted-foreground">@{c.username}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
