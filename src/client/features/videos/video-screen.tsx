import { Clapperboard, Eye, EyeOff, Lock, Pencil, Share2, ThumbsUp, Trash2, TriangleAlert } from 'lucide-react';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { parseChapters, type Chapter } from '../../../shared/videos/chapters';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import type { VideoCard } from '../../../shared/videos/video-card';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../../../shared/platform/product';
import { paths } from '../../../shared/platform/routes';
import { documentTitle, shortDescription } from '../../../shared/platform/page-titles';
import { usePageTitle } from '../../lib/page-title';
import { currentViewSource } from '../../lib/view-source';
import { playbackReporter } from './playback-reports';
import { parseStartTime } from '../../../shared/sharing/sharing-rules';
import { timeAgo } from '../../lib/time';
import { VIDEO_HELD, type VideoDetail } from '../../../shared/videos/videos';
import { formatUsdc } from '../../../shared/x402/x402-rules';
import { LockedPoster } from '../x402/locked-poster';
import { PriceBadge } from '../x402/price-badge';
import { useSession } from '../auth/session';
import { Thumbnail } from '../../ui/thumbnail';
import { ApiError } from '../../lib/api';
import { categoryName, formatCount, formatDateTime, formatDuration, formatViews } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { cn } from '../../lib/utils';
import { CreatorName } from '../profiles/creator-link';
import { TipButton } from '../payments/tip-button';
import { FollowButton } from '../profiles/follow-button';
import { ReportButton } from '../moderation/report-dialog';
import { VerificationBadge } from '../profiles/verification-badge';
import { UserAvatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { NotAvailable } from '../../ui/not-available';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';
import { useRecordView, useSaveProgress, useVideo, useVideos } from './queries';
import { relatedVideosFilter } from './feed-query';
import { ShareMenu } from './share';
import { lazyAfterLoad } from '../../lib/lazy-after-load';
import { useMediaQuery } from '../../lib/use-media-query';
import { useToggleLike } from './use-toggle-like';

// The owner's edit and delete dialogs (forms, price schema) load when first opened.
const VideoEditDialog = lazy(() => import('./video-edit-dialog').then((m) => ({ default: m.VideoEditDialog })));
const DeleteVideoDialog = lazy(() => import('./video-edit-dialog').then((m) => ({ default: m.DeleteVideoDialog })));
import { VideoPlayer } from './video-player';

// The comments (their list, menus and dialogs) load once the page has: they sit below the player.
const CommentsPanel = lazyAfterLoad(() => import('./comments').then((m) => ({ default: m.CommentsPanel })));
const ChatReplayPanel = lazyAfterLoad(() => import('../chat/chat-replay').then((m) => ({ default: m.ChatReplayPanel })));
const SaveButton = lazyAfterLoad(() => import('../playlists/save-button').then((m) => ({ default: m.SaveButton })));
// A playlist's queue, only for a video played from one (`?list=`).
const PlaylistQueue = lazy(() => import('../playlists/playlist-queue'));

/** /{product}/{username}/{titleSlug}/{id} and /{product}/{id}: a video's page. */
export default function VideoScreen() {
  const { id = '' } = useParams();
  const location = useLocation();
  const video = useVideo(id, { pollWhileProcessing: true });
  const data = useDeferredValue(video.data);

  if (video.isPending) return <VideoSkeleton />;
  if (video.isError) {
    if (video.error instanceof ApiError && video.error.status === 404) return <VideoNotAvailable />;
    if (video.error instanceof ApiError && video.error.status === 410) return <VideoNotAvailable removed={video.error.message} />;
    return <ErrorState headingLevel="h1" error={video.error} onRetry={() => void video.refetch()} title="Couldn’t load this video" />;
  }
  // The page is drawn a moment after its video arrives, in pieces the browser can interleave with
  // input (a deferred render), rather than in one long task. Until then the deferred value may
  // still be the video this screen showed before (moving from one video to another): never that
  // one, whose address would send the viewer back to it.
  const v = data && data.id.toLowerCase() === id.toLowerCase() ? data : undefined;
  if (!v) return <VideoSkeleton />;
  if (v.kind === 'short') return <Navigate replace to={paths.short(v.id)} />;
  // One address per video: /{product}/{username}/{slug}/{id}, also after a rename.
  const canonical = paths.video({ id: v.id, username: v.creator.username, title: v.title });
  if (decodeURI(location.pathname) !== canonical) return <Navigate replace to={`${canonical}${location.search}${location.hash}`} />;
  const query = new URLSearchParams(location.search);
  return <VideoPage video={v} startAt={parseStartTime(query.get('t'))} list={query.get('list')} />;
}

/** Theatre mode, kept for the next video (`t` in the player, or its button). */
const THEATRE_KEY = 'glint.theatre';
function useTheatre(): [boolean, () => void] {
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(THEATRE_KEY) === '1';
    } catch {
      return false;
    }
  });
  const toggle = useCallback(() => {
    setOn((was) => {
      try {
        localStorage.setItem(THEATRE_KEY, was ? '0' : '1');
      } catch {
        // private mode: this page keeps it
      }
      return !was;
    });
  }, []);
  return [on, toggle];
}

/** The description's chapters under the video: each starts the player there. */
function ChapterList({ chapters }: { chapters: readonly Chapter[] }) {
  const seek = (start: number) => {
    const el = document.querySelector<HTMLVideoElement>('[data-testid="video-player"] video');
    if (!el) return;
    el.currentTime = start;
    el.play().catch(() => undefined);
  };
  return (
    <section aria-labelledby="chapters-heading" className="flex flex-col gap-2">
      <h2 id="chapters-heading" className="text-base font-semibold">
        Chapters
      </h2>
      <ol className="flex flex-col gap-1" data-testid="chapters">
        {chapters.map((c) => (
          <li key={c.start}>
            <button
              type="button"
              onClick={() => seek(c.start)}
              className="flex w-full items-center gap-3 rounded-lg px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="w-14 shrink-0 font-medium text-primary tabular-nums">{formatDuration(c.start)}</span>
              <span className="min-w-0 truncate">{c.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Where the page's player is now, in seconds (the share menu's "start at"). */
const playerTime = () => document.querySelector<HTMLVideoElement>('[data-testid="video-player"] video')?.currentTime ?? 0;

/** A video that is not there, or (`removed`, the server's words) one a moderator removed. */
function VideoNotAvailable({ removed }: { removed?: string }) {
  return (
    <NotAvailable
      noun="video"
      icon={Clapperboard}
      removed={removed}
      description="It may still be processing, or it may have been removed."
      browse={{ to: `/${PRODUCT_SLUG}`, label: 'Browse videos' }}
    />
  );
}

/** `startAt`: a shared link's `?t=` (seconds), which wins over where the viewer stopped; `list`: the playlist it plays from. */
function VideoPage({ video: v, startAt, list }: { video: VideoDetail; startAt: number | null; list: string | null }) {
  usePageTitle(documentTitle(v.title, v.creator.displayName), shortDescription(v.description) || undefined);
  const { user } = useSession();
  const now = useNow();
  const toggleLike = useToggleLike(v);
  const recordView = useRecordView();
  const saveProgress = useSaveProgress();
  const [editing, setEditingState] = useState(false);
  const [deleting, setDeletingState] = useState(false);
  // Once opened, a dialog stays mounted, so it closes with its animation.
  const [editMounted, setEditMounted] = useState(false);
  const [deleteMounted, setDeleteMounted] = useState(false);
  const setEditing = (open: boolean) => {
    if (open) setEditMounted(true);
    setEditingState(open);
  };
  const setDeleting = (open: boolean) => {
    if (open) setDeleteMounted(true);
    setDeletingState(open);
  };
  const onFirstPlay = useCallback(() => recordView(v.id, currentViewSource()), [recordView, v.id]);
  const onReport = useMemo(() => playbackReporter(v.id), [v.id]);
  const onSavePosition = useCallback((seconds: number) => saveProgress(v.id, seconds), [saveProgress, v.id]);
  // What the end of the video does: the playlist's queue sets it (its next video).
  const endedRef = useRef<(() => void) | null>(null);
  const onEnded = useCallback(() => endedRef.current?.(), []);
  // Beside the player where the page has two columns (xl), else right under it.
  const queueBeside = useMediaQuery('(min-width: 80rem)');
  const queue = list ? (
    <Suspense fallback={null}>
      <PlaylistQueue listId={list} videoId={v.id} endedRef={endedRef} />
    </Suspense>
  ) : null;
  const href = paths.video({ id: v.id, username: v.creator.username, title: v.title });
  const playable = v.status === 'ready' && !!v.hlsUrl;
  const chapters = useMemo(() => parseChapters(v.description, v.durationSeconds), [v.description, v.durationSeconds]);
  const [theatre, toggleTheatre] = useTheatre();
  // Theatre mode on wide screens: the player takes the page's whole width, above both columns.
  const wide = theatre && playable;

  const player = playable ? (
    <VideoPlayer
      key={v.id}
      video={v}
      className={wide ? 'max-h-[calc(100dvh-7rem)]' : 'max-h-[calc(100dvh-9rem)]'}
      onFirstPlay={onFirstPlay}
      onReport={onReport}
      onSavePosition={user ? onSavePosition : undefined}
      startAt={startAt}
      chapters={chapters}
      theatre={theatre}
      onTheatre={toggleTheatre}
      onEnded={onEnded}
    />
  ) : v.status === 'ready' && v.access === 'locked' ? (
    <LockedPoster video={v} />
  ) : (
    <ProcessingPanel video={v} />
  );

  return (
    <div className="flex flex-col gap-4">
      {wide ? <div className="-mx-4 sm:mx-0">{player}</div> : null}
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex min-w-0 flex-col gap-4">
          {wide ? null : player}
          {queueBeside ? null : queue}

          <h1 className="text-xl font-bold tracking-tight text-balance break-words md:text-2xl">{v.title}</h1>
          {v.priceUsdc ? <PriceLine video={v} /> : null}

          <div className="flex flex-wrap items-center justify-between gap-3">
            <Link
              to={paths.profile(v.creator.username)}
              className="flex min-w-0 items-center gap-3 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <UserAvatar name={v.creator.displayName} seed={v.creator.username} src={v.creator.avatarUrl} className="size-10" />
              <span className="flex min-w-0 flex-col">
                <span className="flex items-center gap-1 truncate font-semibold">
                  {v.creator.displayName}
                  <VerificationBadge type={v.creator.verificationType} className="size-4" />
                </span>
                <span className="truncate text-xs text-muted-foreground">@{v.creator.username}</span>
              </span>
            </Link>
            <div className="flex flex-wrap items-center gap-2">
              <FollowButton username={v.creator.username} />
              {v.status === 'ready' ? (
                <>
                  <Button
                    variant={v.likedByMe ? 'default' : 'secondary'}
                    aria-label={`Like, ${formatCount(v.likes)}`}
                    aria-pressed={v.likedByMe}
                    onClick={toggleLike}
                    className="rounded-full"
                  >
                    <ThumbsUp aria-hidden className={cn(v.likedByMe && 'fill-current')} />
                    <span data-testid="like-count">{formatCount(v.likes)}</span>
                  </Button>
                  <TipButton
                    target={{ username: v.creator.username, content: { type: v.kind === 'short' ? 'short_video' : 'glint_video', id: v.id } }}
                    variant="secondary"
                  />
                  <ShareMenu videoId={v.id} title={v.title} path={href} currentTime={playable ? playerTime : undefined}>
                    <Button variant="secondary" className="rounded-full">
                      <Share2 aria-hidden /> Share
                    </Button>
                  </ShareMenu>
                  <Suspense fallback={null}>
                    <SaveButton videoId={v.id} title={v.title} />
                  </Suspense>
                  <ReportButton subject={{ type: 'video', id: v.id, ownerId: v.creator.id, noun: 'video' }} variant="secondary" />
                </>
              ) : null}
              {v.isOwner ? (
                <>
                  <Button variant="outline" className="rounded-full" onClick={() => setEditing(true)}>
                    <Pencil aria-hidden /> Edit
                  </Button>
                  <Button variant="outline" className="rounded-full text-destructive hover:text-destructive" onClick={() => setDeleting(true)}>
                    <Trash2 aria-hidden /> Delete
                  </Button>
                </>
              ) : null}
            </div>
          </div>

          <Description video={v} now={now} />
          {chapters.length && playable ? <ChapterList chapters={chapters} /> : null}

          {v.status === 'ready' ? (
            <section aria-labelledby="comments-heading" className="flex flex-col gap-4 pt-2">
              <h2 id="comments-heading" className="text-lg font-semibold">
                {v.comments === 1 ? '1 comment' : `${formatCount(v.comments)} comments`}
              </h2>
              <Suspense fallback={<Skeleton className="h-24 w-full" />}>
                <CommentsPanel videoId={v.id} creatorId={v.creator.id} />
              </Suspense>
            </section>
          ) : null}
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          {queueBeside ? queue : null}
          {/* A stream's replay plays its chat beside it; other videos have none and draw nothing. */}
          {playable ? (
            <Suspense fallback={null}>
              <ChatReplayPanel videoId={v.id} />
            </Suspense>
          ) : null}
          <RelatedVideos video={v} now={now} />
        </div>

        {v.isOwner && (editing || editMounted) ? (
          <Suspense fallback={null}>
            <VideoEditDialog video={v} open={editing} onOpenChange={setEditing} />
          </Suspense>
        ) : null}
        {v.isOwner && (deleting || deleteMounted) ? (
          <Suspense fallback={null}>
            <DeleteVideoDialog video={v} open={deleting} onOpenChange={setDeleting} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/** A priced video's price, and what it is to this viewer (theirs, unlocked, or to unlock). */
function PriceLine({ video: v }: { video: VideoDetail }) {
  const status: Record<VideoDetail['access'], string> = {
    free: '',
    owner: 'your price: buyers pay it to your wallet',
    staff: 'open to moderators',
    unlocked: 'unlocked: yours to watch on any device',
    locked: 'pay once in USDC to watch',
  };
  return (
    <p className="-mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="price-line">
      <Badge variant="brand" className="rounded-md tabular-nums">
        <Lock aria-hidden /> {formatUsdc(v.priceUsdc ?? '0')}
      </Badge>
      <span>Pay-per-view · {status[v.access]}</span>
      <Link to="/x402-explained" className="underline-offset-4 hover:underline">
        X402
      </Link>
    </p>
  );
}

/** What the owner sees before the video plays: upload, processing (live percent) or failure. */
function ProcessingPanel({ video: v }: { video: VideoDetail }) {
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-4 rounded-xl border bg-muted/40 p-6 text-center">
      {v.status === 'failed' ? (
        <>
          <TriangleAlert aria-hidden className="size-10 text-destructive" />
          <p className="font-semibold">Processing failed</p>
          <p className="max-w-md text-sm text-muted-foreground">{v.failureReason ?? 'This video could not be processed.'}</p>
        </>
      ) : v.status === 'held' ? (
        <>
          <p className="font-semibold">On hold</p>
          <p className="max-w-md text-sm text-muted-foreground">{VIDEO_HELD}</p>
        </>
      ) : v.status === 'uploading' ? (
        <>
          <p className="font-semibold">Waiting for the upload to finish</p>
          <p className="max-w-md text-sm text-muted-foreground">
            Keep the upload going from{' '}
            <Link to="/submit" className="text-primary underline-offset-4 hover:underline">
              Create content
            </Link>
            ; choosing the same file again continues where it stopped.
          </p>
        </>
      ) : (
        <>
          <p className="font-semibold">Processing… {v.processingPercent}%</p>
          <div
            className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Processing"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={v.processingPercent}
          >
            <div className="h-full bg-primary transition-[width] duration-500" style={{ width: `${v.processingPercent}%` }} />
          </div>
          <p className="max-w-md text-sm text-muted-foreground">Only you can see this page until it is ready. It updates by itself.</p>
        </>
      )}
    </div>
  );
}

/** Memoized, like the related videos: neither changes when who is signed in becomes known. */
const Description = memo(function Description({ video: v, now }: { video: VideoDetail; now: number }) {
  const [expanded, setExpanded] = useState(false);
  const long = v.description.length > 280 || v.description.split('\n').length > 4;
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-muted/50 p-4 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
        <span className="flex items-center gap-1">
          <Eye aria-hidden className="size-4 text-muted-foreground" /> {formatViews(v.views)}
        </span>
        {v.publishedAt ? (
          <>
            <span aria-hidden>·</span>
            <time dateTime={v.publishedAt} title={formatDateTime(v.publishedAt)}>
              {timeAgo(v.publishedAt, now)}
            </time>
          </>
        ) : null}
        <span aria-hidden>·</span>
        <Link to={`/${PRODUCT_SLUG}?category=${v.category}`} className="text-primary outline-none hover:underline focus-visible:underline">
          {categoryName(v.category)}
        </Link>
        {v.visibility === 'unlisted' ? (
          <Badge variant="outline" className="gap-1">
            <EyeOff aria-hidden /> Unlisted
          </Badge>
        ) : v.visibility === 'private' ? (
          <Badge variant="outline" className="gap-1">
            <Lock aria-hidden /> Private
          </Badge>
        ) : null}
      </p>
      {v.description ? (
        <div>
          <p className={cn('break-words whitespace-pre-wrap', !expanded && long && 'line-clamp-4')}>{v.description}</p>
          {long ? (
            <button type="button" onClick={() => setExpanded((e) => !e)} className="mt-1 font-semibold outline-none hover:underline focus-visible:underline">
              {expanded ? 'Show less' : 'Show more'}
            </button>
          ) : null}
        </div>
      ) : null}
      {v.tags.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {v.tags.map((t) => (
            <li key={t}>
              <Link to={paths.search(t)} className="text-primary outline-none hover:underline focus-visible:underline">
                #{t}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});

/** More from the same category, else the newest videos. */
const RelatedVideos = memo(function RelatedVideos({ video: v, now }: { video: VideoDetail; now: number }) {
  const sameCategory = useVideos(relatedVideosFilter(v));
  const fallback = useVideos({ kind: 'long', exclude: v.id, limit: 12 }, sameCategory.data?.length === 0);
  // Drawn in a deferred render: twelve cards need not hold up the player's first frames.
  const list = useDeferredValue(sameCategory.data?.length ? sameCategory.data : fallback.data);
  const pending = sameCategory.isPending || (sameCategory.data?.length === 0 && fallback.isPending);
  return (
    <aside aria-labelledby="related-heading" className="flex flex-col gap-4">
      <h2 id="related-heading" className="text-lg font-semibold">
        {sameCategory.data?.length ? `More in ${categoryName(v.category)}` : `More on ${PRODUCT_NAME}`}
      </h2>
      {pending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading">
          <RelatedSkeletonRows />
        </div>
      ) : list && list.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {list.map((r) => (
            <li key={r.id}>
              <RelatedCard video={r} now={now} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Nothing else to watch yet.</p>
      )}
    </aside>
  );
});

function RelatedCard({ video, now }: { video: VideoCard; now: number }) {
  const href = paths.video({ id: video.id, username: video.creator.username, title: video.title });
  return (
    <article className="group flex gap-3" data-testid="related-video">
      <Link to={href} className="w-40 shrink-0 rounded-lg outline-none" tabIndex={-1} aria-hidden>
        <Thumbnail src={video.thumbnailUrl} seed={video.creator.username} icon={Clapperboard} className="rounded-lg">
          <PriceBadge priceUsdc={video.priceUsdc} className="top-1.5 left-1.5 px-1.5" />
          {video.durationSeconds !== null ? (
            <Badge variant="muted" className="absolute right-1.5 bottom-1.5 rounded-md px-1.5 tabular-nums">
              {formatDuration(video.durationSeconds)}
            </Badge>
          ) : null}
        </Thumbnail>
      </Link>
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold">
          <Link to={href} className="rounded-sm outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring">
            {video.title}
          </Link>
        </h3>
        <CreatorName creator={video.creator} className="text-xs" />
        <p className="text-xs text-muted-foreground">
          {formatViews(video.views)}
          {video.publishedAt ? ` · ${timeAgo(video.publishedAt, now)}` : ''}
        </p>
      </div>
    </article>
  );
}

/** The related list while it loads: four rows of a thumbnail and two lines. */
function RelatedSkeletonRows() {
  return [0, 1, 2, 3].map((i) => (
    <div key={i} className="flex gap-3">
      <Skeleton className="aspect-video w-40 shrink-0 rounded-lg" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-3 w-2/3" />
      </div>
    </div>
  ));
}

function VideoSkeleton() {
  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_360px]" role="status" aria-busy="true" aria-label="Loading video">
      <div className="flex flex-col gap-4">
        <Skeleton className="aspect-video w-full rounded-xl" />
        <Skeleton className="h-7 w-2/3" />
        <div className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="h-4 w-40" />
        </div>
        <Skeleton className="h-24 w-full rounded-xl" />
      </div>
      <div className="flex flex-col gap-3">
        <RelatedSkeletonRows />
      </div>
    </div>
  );
}
