import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowLeft, Smartphone } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { paths } from '../../../shared/platform/routes';
import { documentTitle } from '../../../shared/platform/page-titles';
import { usePageTitle } from '../../lib/page-title';
import { toVideoCard } from '../../../shared/videos/video-rules';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Spinner } from '../../ui/spinner';
import { flattenPages, useVideo } from '../videos/queries';
import { shortsFeedQuery } from '../videos/feed-query';
import { ShortsFeed } from './shorts-feed';

/**
 * /shorts and /shorts/{username}/{titleSlug}/{id}: a full-screen vertical feed, one short per
 * screen height, opening at the short named by `?video=` or the address (fetched by id when it
 * is not among the newest), and the address follows the short on screen.
 */
export default function ShortsScreen() {
  const { id: idFromPath } = useParams();
  const [params] = useSearchParams();
  // The short to open with; later address changes are the feed following along, not requests.
  const [initialId] = useState(() => idFromPath ?? params.get('video'));
  const feed = useInfiniteQuery(shortsFeedQuery());
  const pinned = useVideo(initialId);
  const pinnedSettled = !initialId || !pinned.isPending;

  const firstPage = feed.data?.pages[0];
  const shorts = useMemo(() => {
    const list = flattenPages(feed.data?.pages);
    const p = pinned.data;
    // Not among the newest: it goes first. Dedupe keeps it there if a later page brings it again.
    if (p && p.kind === 'short' && !firstPage?.some((v) => v.id === p.id)) return flattenPages([[toVideoCard(p)], list]);
    return list;
  }, [feed.data?.pages, firstPage, pinned.data]);

  // Shorts that arrive after the screen has shown are drawn in a deferred render: the spinner stays
  // while the slides are built in slices that leave the page responsive. Already there when the
  // screen first renders (read beside its code since the navigation), they are drawn in that render.
  const ready = !feed.isPending && pinnedSettled;
  // The tab names the short on screen (the address follows it).
  const shownId = params.get('video') ?? idFromPath;
  const shown = shorts.find((s) => s.id === shownId);
  usePageTitle(shown ? documentTitle(shown.title, shown.creator.displayName) : undefined);
  const drawn = useDeferredValue(ready, ready ? undefined : false);

  useEffect(() => {
    if (initialId && pinned.isError) toast.error('This short is not available', { description: 'Here are the newest shorts instead.' });
  }, [initialId, pinned.isError]);

  return (
    <div className="relative h-dvh">
      <div className="pointer-events-none absolute inset-x-0 top-0 z-20 flex items-center gap-3 bg-linear-to-b from-black/70 to-transparent p-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
        <Button
          variant="ghost"
          size="icon"
          asChild
          className="pointer-events-auto rounded-full bg-white/10 text-white backdrop-blur hover:bg-white/20 hover:text-white"
        >
          <Link to="/app" aria-label="Close shorts">
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <h1 className="text-lg font-bold">Shorts</h1>
      </div>

      {pinned.data && pinned.data.kind === 'long' ? (
        <Navigate replace to={paths.video({ id: pinned.data.id, username: pinned.data.creator.username, title: pinned.data.title })} />
      ) : !(ready && drawn) ? (
        <div className="flex h-full items-center justify-center">
          <Spinner className="size-8 text-white" label="Loading shorts" />
        </div>
      ) : feed.isError && shorts.length === 0 ? (
        <div className="flex h-full items-center justify-center p-6">
          <ErrorState error={feed.error} onRetry={() => void feed.refetch()} title="Couldn’t load shorts" />
        </div>
      ) : shorts.length === 0 ? (
        <div className="flex h-full items-center justify-center p-6">
          <EmptyState
            icon={Smartphone}
            title="No shorts yet"
            description="Vertical videos up to 3 minutes will appear here, one swipe at a time."
            className="w-full max-w-md border-white/15"
            action={
              <Button asChild variant="secondary">
                <Link to="/app">Back to Home</Link>
              </Button>
            }
          />
        </div>
      ) : (
        <ShortsFeed
          shorts={shorts}
          startId={initialId && shorts.some((s) => s.id === initialId) ? initialId : shorts[0]!.id}
          hasMore={!!feed.hasNextPage}
          loadMore={() => {
            if (!feed.isFetchingNextPage) void feed.fetchNextPage();
          }}
        />
      )}
    </div>
  );
}
