import { Clapperboard, Flame, SearchX, Sparkles } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { findCategory } from '../../../shared/categories/categories';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../../../shared/platform/product';
import { ContentGridSkeleton } from '../../ui/content-grid';
import { ContentCards } from '../home/content-cards';
import { PageHeader } from '../../ui/page-header';
import { UploadLink } from '../submit/upload-link';
import { useLoadMore } from '../../lib/use-load-more';
import { CategoryChips } from '../home/category-chips';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { flattenPages, useVideoFeed, type VideoSort } from './queries';

/** /{product}: the long videos, newest or trending, by category, loading more as you scroll. */
export default function VideosScreen() {
  const [params, setParams] = useSearchParams();
  const sort: VideoSort = params.get('sort') === 'trending' ? 'trending' : 'newest';
  const raw = params.get('category');
  const category = raw ? findCategory(raw) : undefined;
  const unknownCategory = !!raw && !category;

  const setSort = (next: string) => {
    const p = new URLSearchParams(params);
    if (next === 'trending') p.set('sort', 'trending');
    else p.delete('sort');
    setParams(p, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={<Clapperboard aria-hidden />}
        title={PRODUCT_NAME}
        description={category ? `Long videos in ${category.name}` : 'Long videos from crypto creators: breakdowns, tutorials, talks and replays.'}
        actions={<UploadLink label="Upload a video" />}
      />
      {/* `contents`: the tab list, the chips and the list (the tab panel) stay items of the page's column. */}
      <Tabs value={sort} onValueChange={setSort} className="contents">
        <TabsList aria-label="Sort videos">
          <TabsTrigger value="newest">
            <Sparkles aria-hidden /> Newest
          </TabsTrigger>
          <TabsTrigger value="trending">
            <Flame aria-hidden /> Trending
          </TabsTrigger>
        </TabsList>
        <CategoryChips active={category?.slug ?? null} />
        <TabsContent value={sort}>
          {unknownCategory ? (
            <EmptyState
              icon={SearchX}
              title="Unknown category"
              description={`There is no category called “${raw}”.`}
              action={
                <Button asChild>
                  <Link to={`/${PRODUCT_SLUG}`}>All videos</Link>
                </Button>
              }
            />
          ) : (
            <VideoList sort={sort} category={category?.slug} categoryName={category?.name} />
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function VideoList({ sort, category, categoryName }: { sort: VideoSort; category?: string; categoryName?: string }) {
  const feed = useVideoFeed({ kind: 'long', sort, category });
  const now = useNow();
  const sentinel = useLoadMore(() => void feed.fetchNextPage(), feed.hasNextPage && !feed.isFetchingNextPage && !feed.isError);

  if (feed.isPending) return <ContentGridSkeleton kind="wide" count={8} />;
  if (feed.isError && !feed.data) return <ErrorState error={feed.error} onRetry={() => void feed.refetch()} title="Couldn’t load videos" />;
  const videos = flattenPages(feed.data?.pages);
  if (videos.length === 0) {
    return (
      <EmptyState
        icon={Clapperboard}
        title="No videos yet"
        description={
          categoryName
            ? `No one has posted a video in ${categoryName} yet. Yours could be the first.`
            : `Long videos posted to ${PRODUCT_NAME} will appear here. Yours could be the first.`
        }
        action={<UploadLink label="Upload a video" />}
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <ContentCards of="videos" items={videos} now={now} />
      {feed.isFetchingNextPage ? <ContentGridSkeleton kind="wide" count={4} /> : null}
      {feed.isFetchNextPageError ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void feed.fetchNextPage()}>
            Couldn’t load more. Try again
          </Button>
        </div>
      ) : null}
      <div ref={sentinel} aria-hidden className="h-px" />
      {!feed.hasNextPage && videos.length > 8 ? <p className="text-center text-sm text-muted-foreground">You’ve reached the end.</p> : null}
    </div>
  );
}
