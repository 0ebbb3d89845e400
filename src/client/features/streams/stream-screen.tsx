import { Ban, CalendarClock, Eye, MessageSquare, PlayCircle, Radio, RadioTower, Settings2, Share2, TrendingUp } from 'lucide-react';
import { paths } from '../../../shared/platform/routes';
import { isCancelled, STREAM_CANCELLED } from '../../../shared/live/stream-rules';
import { documentTitle, shortDescription } from '../../../shared/platform/page-titles';
import { usePageTitle } from '../../lib/page-title';
import { Link, useParams } from 'react-router';
import { ChatPanel } from '../chat/chat-panel';
import { categoryName, formatCount, formatDateTime } from '../../lib/format';
import { useMediaQuery } from '../../lib/use-media-query';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../../ui/sheet';
import { ApiError } from '../../lib/api';
import { useNow } from '../../lib/use-now';
import { cn } from '../../lib/utils';
import { Thumbnail } from '../../ui/thumbnail';
import { CreatorAvatarLink, CreatorName } from '../profiles/creator-link';
import { TipButton } from '../payments/tip-button';
import { FollowButton } from '../profiles/follow-button';
import { ReportButton } from '../moderation/report-dialog';
import { useSession } from '../auth/session';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { NotAvailable } from '../../ui/not-available';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';
import { liveFor, startsIn, streamWhen } from './stream-card';
import { useVideo } from '../videos/queries';
import { ShareMenu } from '../videos/share';
import { ClipButton } from './clip-button';
import { LivePlayer } from './live-player';
import { NotifyMeButton } from './notify-me-button';
import { useStream } from './queries';
import { BrowserStudio } from './browser-studio';
import { StreamKeyPanel } from './stream-key-panel';
import { EndStreamButton } from './end-stream-button';
import { TokenLink, TokenProof } from '../tokens/token-badge';
import { TokenPanel } from '../tokens/token-panel';

/**
 * /stream/... : a stream's page: the live player while it is live, its schedule while it is
 * upcoming, the replay once it has ended; who makes it, with a follow button, and what they wrote.
 * The creator also streams from here: from the browser, or with what OBS needs.
 */
export default function StreamScreen() {
  const { id = '' } = useParams();
  const query = useStream(id);
  const now = useNow();
  const { user } = useSession();
  const wide = useMediaQuery(WIDE_QUERY);
  usePageTitle(
    query.data ? documentTitle(query.data.title, query.data.creator.displayName) : undefined,
    query.data ? shortDescription(query.data.description) || undefined : undefined,
  );

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading the stream">
        <Skeleton className="aspect-video w-full rounded-xl" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-12 w-1/2" />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <StreamNotAvailable />;
    if (query.error instanceof ApiError && query.error.status === 410) return <StreamNotAvailable removed={query.error.message} />;
    return <ErrorState headingLevel="h1" error={query.error} onRetry={() => void query.refetch()} title="Couldn’t load this stream" />;
  }

  const stream = query.data;
  const when = streamWhen(stream, now);
  const mine = user?.username === stream.creator.username;
  const chat = wide ? (
    <ChatPanel stream={stream} className="h-[min(70vh,600px)]" />
  ) : (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" className="w-full">
          <MessageSquare aria-hidden /> Open live chat
        </Button>
      </SheetTrigger>
      <SheetContent className="w-full p-0 sm:w-[24rem]" closeLabel="Close chat">
        <SheetTitle className="sr-only">Live chat</SheetTitle>
        <SheetDescription className="sr-only">Messages from viewers of {stream.title}</SheetDescription>
        <ChatPanel stream={stream} className="h-full rounded-none border-0 pt-8" />
      </SheetContent>
    </Sheet>
  );
  const tokenPanel = stream.token ? <TokenPanel token={stream.token} /> : null;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <article className="flex w-full min-w-0 flex-col gap-5" data-testid="stream-page" data-status={stream.status}>
        {stream.status === 'live' && stream.hlsUrl ? (
          <LivePlayer key={stream.hlsUrl} src={stream.hlsUrl} viewers={stream.viewerCount} title={stream.title} />
        ) : (
          <Thumbnail src={stream.thumbnailUrl} seed={stream.creator.username} icon={Radio} className="rounded-xl">
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/50 p-4 text-center text-white">
              {stream.status === 'scheduled' ? (
                <>
                  <CalendarClock aria-hidden className="size-8" />
                  <p className="text-lg font-semibold">{startsIn(stream.scheduledAt, now)}</p>
                  {stream.scheduledAt ? <time dateTime={stream.scheduledAt}>{formatDateTime(stream.scheduledAt)}</time> : null}
                </>
              ) : stream.status === 'live' ? (
                <>
                  <Badge variant="live">
                    <span className="size-1.5 animate-pulse rounded-full bg-white" /> Live
                  </Badge>
                  <p className="text-sm">The stream is starting or reconnecting. It plays here as soon as it is back.</p>
                </>
              ) : isCancelled(stream) ? (
                <>
                  <Ban aria-hidden className="size-8" />
                  <p className="text-lg font-semibold">{STREAM_CANCELLED}</p>
                </>
              ) : (
                <>
                  <p className="text-lg font-semibold">This stream has ended</p>
                  {stream.recordingVideoId ? <Replay videoId={stream.recordingVideoId} title={stream.title} username={stream.creator.username} /> : null}
                </>
              )}
            </div>
          </Thumbnail>
        )}

        <header className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <Badge variant="muted">{categoryName(stream.category)}</Badge>
            {stream.token ? (
              <>
                <TokenLink token={stream.token} />
                <TokenProof proven={stream.token.proven} />
              </>
            ) : null}
            {when.iso ? <time dateTime={when.iso}>{when.text}</time> : <span>{when.text}</span>}
            {stream.status === 'live' ? (
              <>
                <span className="flex items-center gap-1" data-testid="stream-viewers">
                  <Eye aria-hidden className="size-3.5" /> {formatCount(stream.viewerCount)} watching
                </span>
                {stream.startedAt ? <LiveFor startedAt={stream.startedAt} /> : null}
                <span className="flex items-center gap-1">
                  <TrendingUp aria-hidden className="size-3.5" /> Peak {formatCount(stream.peakViewers)}
                </span>
              </>
            ) : null}
          </div>
          <h1 className="text-2xl leading-tight font-bold text-balance">{stream.title}</h1>
        </header>
        {/* On phones the chat is one tap away, right under the title, and the token below the stream's creator. */}
        {wide ? null : chat}

        <div className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-3">
          <CreatorAvatarLink creator={stream.creator} className="size-11" />
          <div className="flex min-w-0 flex-1 flex-col">
            <CreatorName creator={stream.creator} className="text-base font-semibold [&_a]:text-foreground" />
            <span className="text-xs text-muted-foreground">@{stream.creator.username}</span>
          </div>
          {stream.status === 'scheduled' ? <NotifyMeButton streamId={stream.id} own={mine} /> : null}
          {mine ? null : <FollowButton username={stream.creator.username} />}
          {stream.status === 'live' ? <TipButton target={{ username: stream.creator.username, content: { type: 'livestream', id: stream.id } }} /> : null}
          {/* The creator may turn clips off for viewers; the server refuses them anyway. */}
          {stream.status === 'live' && stream.hlsUrl && (mine || stream.clipsAllowed) ? (
            <ClipButton streamId={stream.id} streamTitle={stream.title} creator={mine ? null : stream.creator.username} />
          ) : null}
          <ShareMenu title={stream.title} embedId={stream.id} path={paths.stream({ id: stream.id, username: stream.creator.username, title: stream.title })}>
            <Button variant="outline" className="rounded-full">
              <Share2 aria-hidden /> Share
            </Button>
          </ShareMenu>
          {mine && stream.status === 'live' ? <EndStreamButton streamId={stream.id} /> : null}
          {mine ? (
            <Button asChild variant="outline" className="rounded-full">
              <Link to={paths.studioStream(stream.id)}>
                <Settings2 aria-hidden /> Manage
              </Link>
            </Button>
          ) : (
            <ReportButton subject={{ type: 'stream', id: stream.id, ownerId: stream.creator.id, noun: 'stream' }} />
          )}
        </div>

        {wide ? null : tokenPanel}
        {stream.description ? <p className="text-sm leading-relaxed whitespace-pre-line text-muted-foreground">{stream.description}</p> : null}
        {mine && stream.status !== 'ended' ? (
          <div className="grid gap-4 xl:grid-cols-2">
            <BrowserStudio streamId={stream.id} />
            <StreamKeyPanel />
          </div>
        ) : null}
      </article>
      {wide ? (
        // The chat stays in view while the page scrolls, unless the token's panel makes the column too tall for it.
        <aside className={cn('flex flex-col gap-4', tokenPanel ? null : 'lg:sticky lg:top-4')} aria-label="Beside the stream">
          {chat}
          {tokenPanel}
        </aside>
      ) : null}
    </div>
  );
}

/** Beside the player from this width; below it, the chat opens in a sheet. */
const WIDE_QUERY = '(min-width: 1024px)';

/** How long the stream has been live, ticking every second. */
function LiveFor({ startedAt }: { startedAt: string }) {
  const now = useNow(1000);
  return <span>Live for {liveFor(startedAt, now)}</span>;
}

/** The recording of an ended stream, once the video pipeline has made it playable. */
function Replay({ videoId, title, username }: { videoId: string; title: string; username: string }) {
  const video = useVideo(videoId, { untilReady: true });
  if (video.data?.status !== 'ready') return <p className="text-sm">The replay is being prepared.</p>;
  return (
    <Button asChild variant="brand">
      <Link to={paths.video({ id: videoId, username, title })}>
        <PlayCircle aria-hidden /> Watch the replay
      </Link>
    </Button>
  );
}

/** A stream that is not there, or (`removed`, the server's words) one a moderator removed. */
function StreamNotAvailable({ removed }: { removed?: string }) {
  return (
    <NotAvailable
      noun="stream"
      icon={RadioTower}
      removed={removed}
      description="It may have been removed. See what is on now instead."
      browse={{ to: '/streams', label: 'Browse Pump Streams' }}
    />
  );
}
