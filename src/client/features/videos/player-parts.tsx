import { lazy, Suspense, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { chapterAt, type Chapter } from '../../../shared/videos/chapters';
import type { CaptionTrack } from '../../../shared/videos/captions';
import { formatDuration } from '../../lib/format';
import { spriteTile, type Sprite } from './player-controls';
import type { HlsSource } from './use-hls';
import { currentTime, POSITION_EVENTS, useMediaReading, type VideoRef } from './use-media-reading';

// The video player's controls: buttons, the seek bar with preview frames, the quality menu.

/** How far an arrow key moves the seek bar. */
const SEEK_KEY_SECONDS = 5;

export function ControlButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="flex size-9 items-center justify-center rounded-md text-white outline-none transition-colors hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white [&_svg]:size-5"
    >
      {children}
    </button>
  );
}

const BUFFER_EVENTS = ['progress', 'emptied'] as const;
const bufferedUntil = (el: HTMLVideoElement) => (el.buffered.length ? el.buffered.end(el.buffered.length - 1) : 0);
const wholeSeconds = (el: HTMLVideoElement) => Math.floor(el.currentTime);

/** The player's timeline, following its video element (from `startAt` until the element says where it is). */
export function PlayerSeekBar({
  videoRef,
  startAt,
  duration,
  sprite,
  chapters,
  onSeek,
}: {
  videoRef: VideoRef;
  startAt: number;
  duration: number;
  sprite: Sprite | null;
  chapters: readonly Chapter[];
  onSeek: (seconds: number) => void;
}) {
  const [time, setTime] = useMediaReading(videoRef, POSITION_EVENTS, currentTime, startAt);
  const [buffered] = useMediaReading(videoRef, BUFFER_EVENTS, bufferedUntil, 0);
  return (
    <SeekBar
      time={time}
      duration={duration}
      buffered={buffered}
      sprite={sprite}
      chapters={chapters}
      onSeek={(t) => {
        // The range shows where it was moved to at once; the element's seeking event follows.
        setTime(t);
        onSeek(t);
      }}
    />
  );
}

/** "0:42 / 3:10": redraws once a second while the video plays. */
export function PlayerClock({ videoRef, startAt, duration }: { videoRef: VideoRef; startAt: number; duration: number }) {
  const [seconds] = useMediaReading(videoRef, POSITION_EVENTS, wholeSeconds, Math.floor(startAt));
  return (
    <span className="ml-2 text-xs tabular-nums text-white/90" aria-live="off">
      {formatDuration(seconds)} / {formatDuration(duration)}
    </span>
  );
}

/** The timeline: a native range (keyboard, screen readers) over a drawn track, with preview frames on hover. */
function SeekBar({
  time,
  duration,
  buffered,
  sprite,
  chapters,
  onSeek,
}: {
  time: number;
  duration: number;
  buffered: number;
  sprite: Sprite | null;
  chapters: readonly Chapter[];
  onSeek: (seconds: number) => void;
}) {
  const [hover, setHover] = useState<{ x: number; width: number; seconds: number } | null>(null);
  const pct = (s: number) => (duration > 0 ? `${Math.min(100, (s / duration) * 100)}%` : '0%');

  const onMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = Math.min(Math.max(0, e.clientX - r.left), r.width);
    setHover({ x, width: r.width, seconds: duration > 0 ? (x / r.width) * duration : 0 });
  };

  const previewWidth = sprite ? Math.min(sprite.tileWidth, 200) : 0;
  const scale = sprite ? previewWidth / sprite.tileWidth : 1;

  return (
    // The range itself is invisible over the drawn track, so the track shows its keyboard focus.
    <div
      className="group/seek relative flex h-4 items-center rounded-full has-focus-visible:ring-2 has-focus-visible:ring-white"
      onPointerMove={onMove}
      onPointerLeave={() => setHover(null)}
    >
      <div className="relative h-1 w-full overflow-hidden rounded-full bg-white/25 transition-[height] group-hover/seek:h-1.5">
        <div className="absolute inset-y-0 left-0 bg-white/40" style={{ width: pct(buffered) }} />
        <div className="absolute inset-y-0 left-0 bg-primary" style={{ width: pct(time) }} />
        {/* Each chapter after the first starts at a gap in the track. */}
        {duration > 0
          ? chapters
              .slice(1)
              .map((c) => (
                <span
                  key={c.start}
                  aria-hidden
                  className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-black/70"
                  style={{ left: pct(c.start) }}
                  data-testid="chapter-mark"
                />
              ))
          : null}
      </div>
      <input
        type="range"
        name="seek"
        aria-label="Seek"
        aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}${chapters.length ? `, ${chapterAt(chapters, time)?.title ?? ''}` : ''}`}
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(time, duration || 0)}
        onChange={(e) => onSeek(Number(e.target.value))}
        // The arrows jump 5 s, as the page-wide shortcuts do; the range's own step (0.1 s, for
        // smooth dragging) would take fifty presses for the same jump.
        onKeyDown={(e) => {
          const by = e.key === 'ArrowRight' || e.key === 'ArrowUp' ? SEEK_KEY_SECONDS : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -SEEK_KEY_SECONDS : 0;
          if (!by || !(duration > 0)) return;
          e.preventDefault();
          onSeek(Math.min(Math.max(0, time + by), duration));
        }}
        className="absolute inset-0 w-full cursor-pointer opacity-0"
      />
      {hover && duration > 0 ? (
        <div
          className="pointer-events-none absolute bottom-5 flex -translate-x-1/2 flex-col items-center gap-1"
          style={{ left: Math.min(Math.max(hover.x, previewWidth / 2 + 4), hover.width - previewWidth / 2 - 4) }}
        >
          {sprite ? (
            <div
              className="overflow-hidden rounded-md border border-white/30 bg-black shadow-lg"
              style={{ width: previewWidth, height: sprite.tileHeight * scale }}
              data-testid="seek-preview"
            >
              <div
                style={{
                  width: sprite.tileWidth,
                  height: sprite.tileHeight,
                  transform: `scale(${scale})`,
                  transformOrigin: 'top left',
                  backgroundImage: `url(${sprite.url})`,
                  backgroundPosition: `-${spriteTile(sprite, hover.seconds).x}px -${spriteTile(sprite, hover.seconds).y}px`,
                }}
              />
            </div>
          ) : null}
          {chapters.length ? (
            <span className="max-w-48 truncate rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium" data-testid="seek-chapter">
              {chapterAt(chapters, hover.seconds)?.title}
            </span>
          ) : null}
          <span className="rounded bg-black/80 px-1.5 py-0.5 text-xs tabular-nums">{formatDuration(hover.seconds)}</span>
        </div>
      ) : null}
    </div>
  );
}

// The menu (Radix dropdown) loads once there is a choice to make: after the stream's renditions are known.
const QualityMenuLoaded = lazy(() => import('./quality-menu').then((m) => ({ default: m.QualityMenu })));

/** Auto plus each rendition, where one can be chosen (picking one hands the browser's own HLS over to hls.js). */
export function QualityMenu(props: { source: HlsSource; container: HTMLElement | null }) {
  if (props.source.levels.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <QualityMenuLoaded {...props} />
    </Suspense>
  );
}

const SpeedMenuLoaded = lazy(() => import('./speed-menu').then((m) => ({ default: m.SpeedMenu })));

/** 0.25× to 2×; the menu loads with the player's first draw after the page (it is small). */
export function SpeedMenu(props: { rate: number; onRate: (rate: number) => void; container: HTMLElement | null }) {
  return (
    <Suspense fallback={null}>
      <SpeedMenuLoaded {...props} />
    </Suspense>
  );
}

const CaptionsMenuLoaded = lazy(() => import('./captions-menu').then((m) => ({ default: m.CaptionsMenu })));

/** Subtitles/CC, where the video has captions. */
export function CaptionsMenu(props: {
  tracks: readonly CaptionTrack[];
  language: string | null;
  onLanguage: (language: string | null) => void;
  container: HTMLElement | null;
}) {
  if (props.tracks.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CaptionsMenuLoaded {...props} />
    </Suspense>
  );
}
