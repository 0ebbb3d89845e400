import { CalendarClock, Clapperboard, Coins, History, Radio, SearchX, Smartphone, X, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { findCategory } from '../../../shared/categories/categories';
import type { HomeFeed } from '../../../shared/home/home-feed';
import { PRODUCT_NAME, PRODUCT_SLUG, PRODUCT_TAGLINE } from '../../../shared/platform/product';
import { ContentCards } from './content-cards';
import { ContentGridSkeleton, type GridKind } from '../../ui/content-grid';
import { PageHeader, Section } from '../../ui/page-header';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { ErrorState } from '../../ui/error-state';
import { CategoryChips } from './category-chips';
import { useHomeFeed } from './queries';
import { FollowingRow } from '../profiles/following-row';
import { useSession } from '../auth/session';

// Signed-in only, below the fold's first row: loaded apart from the home's first screen.
const ContinueWatchingRow = lazy(() => import('../videos/continue-watching-row').then((m) => ({ default: m.ContinueWatchingRow })));

type RowKey = 'live' | 'upcoming' | 'recent' | 'videos' | 'shorts' | 'bounties';

/** /trending, /upcoming and /recent show the home screen with their row first (docs/product.md §2). */
export type HomeFocus = 'trending' | 'upcoming' | 'recent';

const ROWS: Record<
  RowKey,
  {
    title: string;
    icon: LucideIcon;
    kind: GridKind;
    seeAll?: string;
    /** Whether "See all" leads to a screen that filters by category too. */
    keepsCategory?: boolean;
    empty: string;
    hint: string;
  }
> = {
  live: {
    title: 'Live Now',
    icon: Radio,
    kind: 'wide',
    empty: 'No live streams right now',
    hint: 'Creators who go live show up here first. Check the upcoming streams below.',
  },
  upcoming: {
    title: 'Upcoming',
    icon: CalendarClock,
    kind: 'wide',
    seeAll: '/upcoming',
    keepsCategory: true,
    empty: 'No upcoming streams',
    hint: 'Scheduled streams appear here with a countdown.',
  },
  recent: {
    title: 'Recently Ended',
    icon: History,
    kind: 'wide',
    seeAll: '/recent',
    keepsCategory: true,
    empty: 'No recently ended streams',
    hint: 'Streams that just finished appear here with their replay.',
  },
  videos: {
    title: 'Trending Videos',
    icon: Clapperboard,
    kind: 'wide',
    seeAll: `/${PRODUCT_SLUG}?sort=trending`,
    keepsCategory: true,
    empty: 'No videos yet',
    hint: `Long videos posted to ${PRODUCT_NAME} appear here.`,
  },
  shorts: {
    title: 'Shorts',
    icon: Smartphone,
    kind: 'tall',
    seeAll: '/shorts',
    empty: 'No shorts yet',
    hint: 'Vertical videos up to 3 minutes appear here.',
  },
  bounties: {
    title: 'Open Bounties',
    icon: Coins,
    kind: 'bounty',
    seeAll: '/bounties',
    empty: 'No open bounties',
    hint: 'Rewards in SOL for the content people want made appear here.',
  },
};

const DEFAULT_ORDER: RowKey[] = ['live', 'upcoming', 'recent', 'videos', 'shorts', 'bounties'];

const FOCUS: Record<HomeFocus, { title: string; description: string; order: RowKey[] }> = {
  trending: {
    title: 'Trending',
    description: 'What is live and drawing viewers on Glint.',
    order: ['live', 'shorts', 'videos', 'upcoming', 'recent', 'bounties'],
  },
  upcoming: {
    title: 'Upcoming',
    description: 'Scheduled streams, soonest first.',
    order: ['upcoming', 'live', 'recent', 'videos', 'shorts', 'bounties'],
  },
  recent: {
    title: 'Recently Ended',
    description: 'Streams that just finished, with their replays.',
    order: ['recent', 'live', 'upcoming', 'videos', 'shorts', 'bounties'],
  },
};

export function HomeScreen({ focus }: { focus?: HomeFocus }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const raw = params.get('category');
  const category = raw ? findCategory(raw) : undefined;
  const unknownCategory = raw !== null && raw !== '' && !category;

  const view = focus ? FOCUS[focus] : undefined;
  const title = category?.name ?? view?.title ?? 'Home';

  return (
    <div className="flex flex-col gap-6">
      <CategoryChips active={category?.slug ?? null} />
      {unknownCategory ? (
        <EmptyState
          icon={SearchX}
          headingLevel="h1"
          title="Unknown category"
          description={`There is no category called “${raw}”.`}
          action={
            <Button asChild>
              <Link to="/app">Back to Home</Link>
            </Button>
          }
        />
      ) : (
        <>
          <PageHeader
            title={title}
            description={
              category
                ? view
                  ? `${view.title} in ${category.name}`
                  : `Streams, videos and bounties in ${category.name}`
                : (view?.description ?? PRODUCT_TAGLINE)
            }
            actions={
              category ? (
                <Link
                  to={pathname}
                  className="inline-flex h-8 items-center gap-1.5 rounded-full border bg-muted/50 px-3 text-sm font-medium transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {category.name}
                  <X aria-hidden className="size-3.5" />
                  <span className="sr-only">Clear category filter</span>
                </Link>
              ) : undefined
            }
          />
          <HomeRows category={category?.slug ?? null} order={view?.order ?? DEFAULT_ORDER} />
        </>
      )}
    </div>
  );
}

function HomeRows({ category, order }: { category: string | null; order: RowKey[] }) {
  const feed = useHomeFeed(category);
  // The rows are the heaviest render of the screen: built in the background, in slices that leave
  // the page responsive, while the placeholder stays.
  // `null` first even when the feed is already there (read with the navigation): the mount shows
  // the placeholder and the rows follow in their own render.
  const data = useDeferredValue(feed.data ?? null, null);
  const now = useNow();
  const { user } = useSession();

  if (feed.isError) {
    return <ErrorState error={feed.error} onRetry={() => void feed.refetch()} title="Couldn’t load the home feed" />;
  }
  if (!data) {
    // One placeholder in the shape of the first row, not one per row: rows that turn out empty are
    // much shorter than their placeholders, and everything painted below them would jump.
    const first = ROWS[order[0]!];
    return (
      <div className="flex flex-col gap-4">
        <Skeleton className="h-7 w-40" />
        <ContentGridSkeleton kind={first.kind} count={first.kind === 'tall' ? 6 : first.kind === 'bounty' ? 3 : 4} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-10">
      {/* Signed-in viewers: videos of the creators they follow, on the plain home only. */}
      {order === DEFAULT_ORDER && user ? (
        <Suspense fallback={null}>
          <ContinueWatchingRow now={now} />
        </Suspense>
      ) : null}
      {order === DEFAULT_ORDER ? <FollowingRow videos={data.following} now={now} /> : null}
      {order.map((key) => {
        const row = ROWS[key];
        // The first row with content is the top of the screen: its first pictures load at once.
        const top = key === order.find((k) => data[k].length > 0);
        return (
          <Section
            key={key}
            id={`row-${key}`}
            title={row.title}
            icon={<row.icon aria-hidden className="size-5 text-primary" />}
            action={
              row.seeAll && data[key].length > 0 ? (
                <Button variant="ghost" size="sm" asChild>
                  <Link to={category && row.keepsCategory ? `${row.seeAll}${row.seeAll.includes('?') ? '&' : '?'}category=${category}` : row.seeAll}>
                    See all
                  </Link>
                </Button>
              ) : undefined
            }
          >
            {data[key].length === 0 ? (
              <EmptyState compact headingLevel="h3" icon={row.icon} title={row.empty} description={row.hint} />
            ) : (
              <RowItems feed={data} rowKey={key} now={now} priority={top} />
            )}
          </Section>
        );
      })}
    </div>
  );
}

function RowItems({ feed, rowKey, now, priority }: { feed: HomeFeed; rowKey: RowKey; now: number; priority: boolean }): ReactNode {
  switch (rowKey) {
    case 'live':
    case 'upcoming':
    case 'recent':
      return <ContentCards of="streams" items={feed[rowKey]} now={now} priority={priority} />;
    case 'videos':
      return <ContentCards of="videos" items={feed.videos} now={now} priority={priority} />;
    case 'shorts':
      return <ContentCards of="shorts" items={feed.shorts} now={now} priority={priority} />;
    case 'bounties':
      return <ContentCards of="bounties" items={feed.bounties} now={now} />;
  }
}

export default function Home() {
  return <HomeScreen />;
}
