import { Coins, Flag, Heart, MessageCircle, Pause, Play, Share2, Smartphone, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { VideoCard } from '../../../shared/videos/video-card';
import { paths } from '../../../shared/platform/routes';
import type { VideoDetail } from '../../../shared/videos/videos';
import { Thumbnail } from '../../ui/thumbnail';
import { ClipCredit } from './clip-credit';
import { formatCount, formatViews } from '../../lib/format';
import { cn } from '../../lib/utils';
import { VerificationBadge } from '../profiles/verification-badge';
import { UserAvatar } from '../../ui/avatar';
import { Spinner } from '../../ui/spinner';
import { useVideo } from '../videos/queries';
import { TipButton } from '../payments/tip-button';
import { ShareMenu } from '../videos/share';
import { ReportButton } from '../moderation/report-dialog';
import { ApiError } from '../../lib/api';
import { LockedPoster } from '../x402/locked-poster';
import { useHls } from '../videos/use-hls';
import { PLAYBACK_REPORT_SECONDS, playbackReporter } from '../videos/playback-reports';
import { POSITION_EVENTS, useMediaReading, type VideoRef } from '../videos/use-media-reading';
import { useToggleLike } from '../videos/use-toggle-like';
import { mediaUrl } from '../../lib/native/api-origin';
import { useMediaQuery } from '../../lib/use-media-query';

export interface SlideControls {
  muted: boolean;
  /** Paused by the viewer (tap, space, k). */
  paused: boolean;
  setMuted: (muted: boolean) => void;
  setPaused: (paused: boolean) => void;
  onComments: (video: VideoDetail) => void;
  /** Once per short per visit, when it starts playing. */
  onStarted: (id: string) => void;
}

/** Tailwind's `sm` breakpoint: the like, comment, tip, share and report buttons move beside the video. */
const BESIDE_QUERY = '(min-width: 40rem)';

/** Preloaded shorts keep only this much buffered until they play. */
const PRELOAD_BUFFER_SECONDS = 8;

/**
 * One short, one screen high. The current one plays; its neighbours load their stream (the
 * next one starts instantly); the rest are just a picture.
 */
export function ShortSlide({
  card,
  index,
  active,
  near,
  controls,
}: {
  card: VideoCard;
  index: number;
  active: boolean;
  near: boolean;
  controls: SlideControls;
}) {
  const detail = useVideo(card.id, { enabled: near, pollWhileProcessing: true });
  // The actions sit over the video on a phone and beside it from the small breakpoint on: drawn
  // once, where they show.
  const beside = useMediaQuery(BESIDE_QUERY);
  const v = detail.data;
  const playable = !!v && v.status === 'ready' && !!v.hlsUrl;

  return (
    <section
      className="relative flex h-full w-full snap-start snap-always items-center justify-center overflow-hidden sm:gap-4 sm:py-4"
      aria-roledescription="short"
      aria-label={card.title}
      data-index={index}
      data-active={active || undefined}
      data-testid="short-slide"
      data-video-id={card.id}
    >
      <div className="relative aspect-[9/16] h-full max-w-full overflow-hidden bg-black sm:rounded-2xl">
        {near && playable ? (
          <ShortVideo key={v.id} video={v} active={active} controls={controls} />
        ) : near && v && v.status === 'ready' && v.access === 'locked' ? (
          <LockedPoster video={v} tall />
        ) : (
          <Thumbnail src={card.thumbnailUrl} seed={card.creator.username} icon={Smartphone} shape="tall" className="h-full rounded-none" />
        )}
        {near && v && v.status !== 'ready' ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/70 p-6 text-center">
            <Spinner className="size-8 text-white" label="Processing" />
            <p className="font-semibold">{v.status === 'failed' ? (v.failureReason ?? 'Processing failed') : `Processing… ${v.processingPercent}%`}</p>
          </div>
        ) : null}
        {near && detail.isError ? (
          <div className="absolute inset-0 flex items-center justify-center bg-black/80 p-6 text-center font-semibold">
            {detail.error instanceof ApiError && detail.error.status === 410
              ? 'This short was removed for breaking Glint’s rules.'
              : 'This short is not available'}
          </div>
        ) : null}

        <div className="pointer-events-none absolute inset-x-0 bottom-0 flex flex-col gap-2 bg-linear-to-t from-black/85 via-black/40 to-transparent p-4 pt-20 pr-20 sm:pr-4">
          <Link
            to={paths.profile(card.creator.username)}
            className="pointer-events-auto flex w-fit items-center gap-2 rounded-full text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            <UserAvatar name={card.creator.displayName} seed={card.creator.username} src={card.creator.avatarUrl} className="size-8" />
            {card.creator.displayName}
            <VerificationBadge type={card.creator.verificationType} className="size-4" />
          </Link>
          <h2 className="text-base leading-snug font-semibold text-balance break-words">{card.title}</h2>
          {v ? <ClipCredit video={v} /> : null}
          <p className="text-xs text-white/75">{formatViews(v?.views ?? card.views)}</p>
        </div>

        {beside ? null : (
          <div className="absolute right-2 bottom-24">
            <SideActions card={card} video={v} onComments={controls.onComments} />
          </div>
        )}
      </div>
      {beside ? (
        <div className="self-end pb-8">
          <SideActions card={card} video={v} onComments={controls.onComments} />
        </div>
      ) : null}
    </section>
  );
}

function ShortVideo({ video: v, active, controls }: { video: VideoDetail; active: boolean; controls: SlideControls }) {
  const ref = useRef<HTMLVideoElement>(null);
  const { engine } = useHls(ref, v.hlsUrl, { maxBufferLength: PRELOAD_BUFFER_SECONDS });
  const [waiting, setWaiting] = useState(false);
  const { muted, paused, setMuted, setPaused, onStarted } = controls;

  useEffect(() => {
    const el = ref.current;
    if (el) el.muted = muted;
  }, [muted]);

  // Only the current short plays; one that scrolls away starts over next time.
  useEffect(() => {
    const el = ref.current;
    if (!el || !engine) return;
    if (active && !paused) {
      el.play().catch((err: unknown) => {
        // Sound without a tap first is refused: play muted instead.
        if (err instanceof DOMException && err.name === 'NotAllowedError' && !el.muted) {
          setMuted(true);
          el.muted = true;
          el.play().catch(() => undefined);
        }
      });
    } else {
      el.pause();
      if (!active) el.currentTime = 0;
    }
  }, [active, paused, setMuted, engine]);

  // The creator's analytics: while this short is the one playing, where it is every few seconds,
  // and once more when it stops being the current one or the page goes.
  useEffect(() => {
    const el = ref.current;
    if (!el || !active) return;
    const report = playbackReporter(v.id);
    let started = false;
    const onPlaying = () => {
      if (started) return;
      started = true;
      report(el.currentTime);
    };
    const tick = window.setInterval(() => {
      if (started && !el.paused) report(el.currentTime);
    }, PLAYBACK_REPORT_SECONDS * 1000);
    const leave = () => {
      if (started) report(el.currentTime, true);
    };
    el.addEventListener('playing', onPlaying);
    if (!el.paused && el.currentTime > 0) onPlaying();
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearInterval(tick);
      el.removeEventListener('playing', onPlaying);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [active, v.id]);

  const onTap = () => {
    if (muted) setMuted(false);
    else setPaused(!paused);
  };

  return (
    <>
      <video
        ref={ref}
        className="size-full object-contain"
        poster={mediaUrl(v.thumbnailUrl) ?? undefined}
        playsInline
        loop
        muted
        preload="auto"
        aria-label={v.title}
        onClick={onTap}
        onPlaying={() => {
          setWaiting(false);
          if (active) onStarted(v.id);
        }}
        onWaiting={() => setWaiting(true)}
      />
      {active && waiting && !paused ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <Spinner className="size-9 text-white" label="Loading" />
        </div>
      ) : null}
      {active && paused ? (
        <button
          type="button"
          aria-label="Play"
          onClick={() => setPaused(false)}
          className="group/play absolute inset-0 flex items-center justify-center outline-none"
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-black/50 backdrop-blur group-focus-visible/play:ring-2 group-focus-visible/play:ring-white">
            <Play aria-hidden className="ml-1 size-8 fill-current" />
          </span>
        </button>
      ) : null}
      <div className="absolute top-16 right-3 flex gap-2 sm:top-3">
        {!paused ? (
          <OverlayButton label="Pause" onClick={() => setPaused(true)}>
            <Pause aria-hidden className="size-4 fill-current" />
          </OverlayButton>
        ) : null}
        <OverlayButton label={muted ? 'Unmute' : 'Mute'} onClick={() => setMuted(!muted)} showLabel={muted}>
          {muted ? <VolumeX aria-hidden className="size-4" /> : <Volume2 aria-hidden className="size-4" />}
        </OverlayButton>
      </div>
      {/* Pause, play and sound said out loud: the buttons' names change, which readers do not announce. */}
      {active ? (
        <span className="sr-only" role="status" data-testid="short-status">
          {paused ? 'Paused' : 'Playing'}
          {muted ? ', muted' : ''}
        </span>
      ) : null}
      <ShortProgress videoRef={ref} />
    </>
  );
}

const playedFraction = (el: HTMLVideoElement) => (Number.isFinite(el.duration) && el.duration > 0 ? el.currentTime / el.duration : 0);

/** The thin bar along the bottom: follows the video itself, so the slide does not redraw as it plays. */
function ShortProgress({ videoRef }: { videoRef: VideoRef }) {
  const [played] = useMediaReading(videoRef, POSITION_EVENTS, playedFraction, 0);
  return (
    <div className="absolute inset-x-0 bottom-0 h-0.5 bg-white/20" aria-hidden>
      <div className="h-full bg-white" style={{ width: `${played * 100}%` }} />
    </div>
  );
}

function OverlayButton({ label, onClick, children, showLabel }: { label: string; onClick: () => void; children: ReactNode; showLabel?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="flex h-9 min-w-9 items-center justify-center gap-1.5 rounded-full bg-black/55 px-2.5 text-sm font-medium text-white backdrop-blur transition-colors outline-none hover:bg-black/75 focus-visible:ring-2 focus-visible:ring-white"
    >
      {children}
      {showLabel ? <span aria-hidden>{label}</span> : null}
    </button>
  );
}

function SideActions({ card, video, onComments }: { card: VideoCard; video: VideoDetail | undefined; onComments: (v: VideoDetail) => void }) {
  const toggleLike = useToggleLike(video);
  const liked = video?.likedByMe ?? false;
  const ready = video?.status === 'ready';
  return (
    <div className="flex flex-col items-center gap-4">
      <SideButton label="Like" pressed={liked} disabled={!ready} onClick={toggleLike} count={formatCount(video?.likes ?? card.likes)}>
        <Heart aria-hidden className={cn('size-6', liked && 'fill-live text-live')} />
      </SideButton>
      <SideButton label="Comments" disabled={!ready} onClick={() => video && onComments(video)} count={video ? formatCount(video.comments) : '–'}>
        <MessageCircle aria-hidden className="size-6" />
      </SideButton>
      {ready && video ? (
        <TipButton
          target={{ username: video.creator.username, content: { type: 'short_video', id: video.id } }}
          trigger={(onClick) => (
            <SideButton label={`Tip @${video.creator.username}`} count="Tip" onClick={onClick}>
              <Coins aria-hidden className="size-6" />
            </SideButton>
          )}
        />
      ) : null}
      {ready && video ? (
        <ShareMenu videoId={video.id} title={video.title} path={paths.short(video.id)} portrait side="left" align="center">
          <SideButton label="Share" count="Share">
            <Share2 aria-hidden className="size-6" />
          </SideButton>
        </ShareMenu>
      ) : (
        <SideButton label="Share" count="Share" disabled>
          <Share2 aria-hidden className="size-6" />
        </SideButton>
      )}
      {ready && video ? (
        <ReportButton
          subject={{ type: 'video', id: video.id, ownerId: video.creator.id, noun: 'short' }}
          trigger={(onClick) => (
            <SideButton label="Report this short" count="Report" onClick={onClick}>
              <Flag aria-hidden className="size-6" />
            </SideButton>
          )}
        />
      ) : null}
    </div>
  );
}

function SideButton({
  label,
  count,
  pressed,
  children,
  ...props
}: { label: string; count: string; pressed?: boolean; children: ReactNode } & Omit<ComponentProps<'button'>, 'children'>) {
  return (
    <button
      type="button"
      // A visible count is part of the name too (WCAG 2.5.3, label in name): "Like, 12" (axe ignores a count in brackets).
      aria-label={label.toLowerCase().includes(count.toLowerCase()) ? label : `${label}, ${count}`}
      aria-pressed={pressed}
      className="group/side flex flex-col items-center gap-1 rounded-lg text-white outline-none disabled:opacity-50"
      {...props}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-white/12 backdrop-blur transition-colors group-hover/side:bg-white/20 group-focus-visible/side:ring-2 group-focus-visible/side:ring-white">
        {children}
      </span>
      <span className="text-xs font-semibold tabular-nums" aria-hidden>
        {count}
      </span>
    </button>
  );
}
