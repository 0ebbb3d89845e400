import { Check, Maximize, Minimize, Pause, Play, RotateCcw, Settings, Volume2, VolumeX } from 'lucide-react';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import type { VideoDetail } from '../../shared/videos';
import { formatDuration } from '../lib/format';
import { cn } from '../lib/utils';
import { Spinner } from '../ui/spinner';
import { playerKeyAction, resumePosition, shouldIgnoreShortcut, spriteTile, type PlayerAction, type Sprite } from './player-controls';
import { useHls, type HlsSource } from './use-hls';

type PlayerVideo = Pick<VideoDetail, 'id' | 'title' | 'hlsUrl' | 'thumbnailUrl' | 'sprite' | 'durationSeconds' | 'resumeAt'>;

const IDLE_HIDE_MS = 2500;
/** Save the position about this often while playing. */
const SAVE_EVERY_SECONDS = 10;

/**
 * The long-video player: HLS (hls.js, loaded on first use), a seek bar with preview frames from
 * the sprite, a quality menu, keyboard shortcuts for the whole page, resume, full screen.
 * Keyed by video id by the caller.
 */
export function VideoPlayer({
  video,
  onFirstPlay,
  onSavePosition,
  className,
}: {
  video: PlayerVideo;
  /** Once, when playback first starts (counts the view). */
  onFirstPlay?: () => void;
  /** Signed-in viewers: where they are, every ~10 s, on pause and on leaving. */
  onSavePosition?: (seconds: number) => void;
  className?: string;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [startAt] = useState(() => resumePosition(video.resumeAt, video.durationSeconds));
  const source = useHls(videoRef, video.hlsUrl, { startAt });

  const [paused, setPaused] = useState(true);
  const [started, setStarted] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [time, setTime] = useState(startAt ?? 0);
  const [duration, setDuration] = useState(video.durationSeconds ?? 0);
  const [buffered, setBuffered] = useState(0);
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(1);
  const [mutedByAutoplay, setMutedByAutoplay] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [idle, setIdle] = useState(false);
  const [resumedNote, setResumedNote] = useState(startAt !== null);
  const idleTimer = useRef<number | undefined>(undefined);

  // Callbacks in refs: the listeners below are attached once per element.
  const firstPlayRef = useRef(onFirstPlay);
  const saveRef = useRef(onSavePosition);
  useEffect(() => {
    firstPlayRef.current = onFirstPlay;
    saveRef.current = onSavePosition;
  });
  const lastSaved = useRef(startAt ?? 0);
  const playedOnce = useRef(false);

  const save = useCallback((seconds: number) => {
    lastSaved.current = seconds;
    saveRef.current?.(seconds);
  }, []);

  // Autoplay with sound where the browser allows it, else muted with an Unmute button.
  useEffect(() => {
    const el = videoRef.current;
    if (!el || !source.engine) return;
    el.play().catch((err: unknown) => {
      if (!(err instanceof DOMException) || err.name !== 'NotAllowedError') return;
      el.muted = true;
      setMutedByAutoplay(true);
      el.play().catch(() => undefined);
    });
  }, [source.engine]);

  // Leaving the page (or the video): remember where.
  useEffect(() => {
    const el = videoRef.current;
    if (!el) return;
    const leave = () => {
      if (playedOnce.current && !el.ended) save(el.currentTime);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [save]);

  useEffect(() => {
    const onChange = () => setFullscreen(!!box && document.fullscreenElement === box);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [box]);

  useEffect(() => {
    if (!resumedNote) return;
    const t = window.setTimeout(() => setResumedNote(false), 6000);
    return () => window.clearTimeout(t);
  }, [resumedNote]);

  const toggleFullscreen = useCallback(() => {
    const el = videoRef.current;
    if (!box || !el) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else if (box.requestFullscreen) void box.requestFullscreen().catch(() => undefined);
    else (el as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.();
  }, [box]);

  const run = useCallback(
    (action: PlayerAction) => {
      const el = videoRef.current;
      if (!el) return;
      switch (action.type) {
        case 'toggle':
          if (el.paused || el.ended) el.play().catch(() => undefined);
          else el.pause();
          break;
        case 'seek':
          el.currentTime = Math.min(Math.max(0, el.currentTime + action.by), Number.isFinite(el.duration) ? el.duration : el.currentTime + action.by);
          break;
        case 'seekTo':
          if (Number.isFinite(el.duration)) el.currentTime = el.duration * action.fraction;
          break;
        case 'mute':
          el.muted = !el.muted;
          setMutedByAutoplay(false);
          break;
        case 'fullscreen':
          toggleFullscreen();
          break;
      }
    },
    [toggleFullscreen],
  );

  const poke = useCallback(() => {
    setIdle(false);
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => setIdle(true), IDLE_HIDE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(idleTimer.current), []);

  // Shortcuts work while the player or the page has focus, never while typing.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (shouldIgnoreShortcut(e)) return;
      const action = playerKeyAction(e.key);
      if (!action) return;
      e.preventDefault();
      run(action);
      poke();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run, poke]);

  const controlsHidden = idle && !paused;

  return (
    <div
      ref={setBox}
      data-testid="video-player"
      className={cn('group/player relative aspect-video w-full overflow-hidden bg-black text-white select-none', fullscreen ? 'rounded-none' : 'rounded-xl', controlsHidden && 'cursor-none', className)}
      onPointerMove={poke}
      onPointerLeave={() => setIdle(true)}
    >
      <video
        ref={videoRef}
        className="size-full object-contain"
        poster={video.thumbnailUrl ?? undefined}
        playsInline
        preload="metadata"
        aria-label={video.title}
        onClick={() => run({ type: 'toggle' })}
        onDoubleClick={toggleFullscreen}
        onPlay={() => {
          setPaused(false);
          // The controls fade out a moment after playback starts, until the pointer moves.
          poke();
        }}
        onPause={(e) => {
          setPaused(true);
          const v = e.currentTarget;
          if (playedOnce.current && !v.ended) save(v.currentTime);
        }}
        onPlaying={() => {
          setWaiting(false);
          setStarted(true);
          if (!playedOnce.current) {
            playedOnce.current = true;
            firstPlayRef.current?.();
          }
        }}
        onWaiting={() => setWaiting(true)}
        onSeeking={() => setWaiting(true)}
        onSeeked={() => setWaiting(false)}
        onCanPlay={() => setWaiting(false)}
        onEnded={() => {
          setPaused(true);
          save(0);
        }}
        onTimeUpdate={(e) => {
          const t = e.currentTarget.currentTime;
          setTime(t);
          if (!e.currentTarget.paused && Math.abs(t - lastSaved.current) >= SAVE_EVERY_SECONDS) save(t);
        }}
        onDurationChange={(e) => {
          const d = e.currentTarget.duration;
          if (Number.isFinite(d)) setDuration(d);
        }}
        onProgress={(e) => {
          const b = e.currentTarget.buffered;
          if (b.length) setBuffered(b.end(b.length - 1));
        }}
        onVolumeChange={(e) => {
          setMuted(e.currentTarget.muted);
          setVolume(e.currentTarget.volume);
        }}
      />

      {source.error ? (
        <div className="absolute inset-0 flex items-center justify-center bg-black/80 p-6 text-center text-sm" role="alert">
          {source.error}
        </div>
      ) : null}

      {!source.error && (waiting || !source.engine) && !paused ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <Spinner className="size-10 text-white" label="Loading video" />
        </div>
      ) : null}

      {!source.error && paused && !waiting ? (
        <div
          aria-hidden
          className="absolute inset-0 flex cursor-pointer items-center justify-center"
          onClick={() => run({ type: 'toggle' })}
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-black/55 shadow-xl backdrop-blur transition-transform hover:scale-105">
            <Play className="ml-1 size-8 fill-current" />
          </span>
        </div>
      ) : null}

      {mutedByAutoplay && muted ? (
        <button
          type="button"
          onClick={() => run({ type: 'mute' })}
          className="absolute top-3 left-3 flex items-center gap-2 rounded-full bg-black/70 px-3 py-1.5 text-sm font-medium backdrop-blur transition-colors outline-none hover:bg-black/85 focus-visible:ring-2 focus-visible:ring-white"
        >
          <VolumeX aria-hidden className="size-4" /> Unmute
        </button>
      ) : null}

      {resumedNote && startAt !== null && !source.error ? (
        <div className="absolute top-3 right-3 flex items-center gap-2 rounded-full bg-black/70 py-1 pr-1 pl-3 text-xs backdrop-blur">
          Resumed at {formatDuration(startAt)}
          <button
            type="button"
            className="flex items-center gap-1 rounded-full bg-white/15 px-2 py-1 font-medium outline-none hover:bg-white/25 focus-visible:ring-2 focus-visible:ring-white"
            onClick={() => {
              if (videoRef.current) videoRef.current.currentTime = 0;
              setResumedNote(false);
            }}
          >
            <RotateCcw aria-hidden className="size-3" /> Start over
          </button>
        </div>
      ) : null}

      <div
        className={cn(
          'absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-linear-to-t from-black/85 via-black/40 to-transparent px-3 pt-10 pb-2 transition-opacity duration-200',
          controlsHidden ? 'pointer-events-none opacity-0 focus-within:pointer-events-auto focus-within:opacity-100' : 'opacity-100',
          !started && paused && 'opacity-0 group-hover/player:opacity-100 focus-within:opacity-100',
        )}
      >
        <SeekBar
          time={time}
          duration={duration}
          buffered={buffered}
          sprite={video.sprite}
          onSeek={(t) => {
            if (videoRef.current) videoRef.current.currentTime = t;
            setTime(t);
          }}
        />
        <div className="flex items-center gap-1">
          <ControlButton label={paused ? 'Play' : 'Pause'} onClick={() => run({ type: 'toggle' })}>
            {paused ? <Play className="fill-current" /> : <Pause className="fill-current" />}
          </ControlButton>
          <ControlButton label={muted ? 'Unmute' : 'Mute'} onClick={() => run({ type: 'mute' })}>
            {muted || volume === 0 ? <VolumeX /> : <Volume2 />}
          </ControlButton>
          <input
            type="range"
            aria-label="Volume"
            min={0}
            max={1}
            step={0.05}
            value={muted ? 0 : volume}
            onChange={(e) => {
              const el = videoRef.current;
              if (!el) return;
              el.volume = Number(e.target.value);
              el.muted = Number(e.target.value) === 0;
              setMutedByAutoplay(false);
            }}
            className="h-1 w-20 cursor-pointer accent-white max-sm:hidden"
          />
          <span className="ml-2 text-xs tabular-nums text-white/90" aria-live="off">
            {formatDuration(time)} / {formatDuration(duration)}
          </span>
          <span className="flex-1" />
          <QualityMenu source={source} container={fullscreen ? box : null} />
          <ControlButton label={fullscreen ? 'Exit full screen' : 'Full screen'} onClick={toggleFullscreen}>
            {fullscreen ? <Minimize /> : <Maximize />}
          </ControlButton>
        </div>
      </div>
    </div>
  );
}

function ControlButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
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

/** The timeline: a native range (keyboard, screen readers) over a drawn track, with preview frames on hover. */
function SeekBar({
  time,
  duration,
  buffered,
  sprite,
  onSeek,
}: {
  time: number;
  duration: number;
  buffered: number;
  sprite: Sprite | null;
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
    <div className="group/seek relative flex h-4 items-center" onPointerMove={onMove} onPointerLeave={() => setHover(null)}>
      <div className="relative h-1 w-full overflow-hidden rounded-full bg-white/25 transition-[height] group-hover/seek:h-1.5">
        <div className="absolute inset-y-0 left-0 bg-white/40" style={{ width: pct(buffered) }} />
        <div className="absolute inset-y-0 left-0 bg-primary" style={{ width: pct(time) }} />
      </div>
      <input
        type="range"
        aria-label="Seek"
        aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}`}
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(time, duration || 0)}
        onChange={(e) => onSeek(Number(e.target.value))}
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
          <span className="rounded bg-black/80 px-1.5 py-0.5 text-xs tabular-nums">{formatDuration(hover.seconds)}</span>
        </div>
      ) : null}
    </div>
  );
}

const menuItem =
  'relative flex cursor-pointer items-center gap-2 rounded-md py-1.5 pr-2 pl-8 text-sm outline-none select-none data-[highlighted]:bg-white/15';

/** Auto plus each rendition; only hls.js can choose (the browser's own HLS picks by itself). */
function QualityMenu({ source, container }: { source: HlsSource; container: HTMLElement | null }) {
  if (source.engine !== 'hls.js' || source.levels.length === 0) return null;
  const playingLabel = source.levels.find((l) => l.index === source.playing)?.label;
  const current = source.selected === -1 ? `Auto${playingLabel ? ` (${playingLabel})` : ''}` : (source.levels.find((l) => l.index === source.selected)?.label ?? 'Auto');
  return (
    <MenuPrimitive.Root modal={false}>
      <MenuPrimitive.Trigger
        aria-label={`Quality: ${current}`}
        title="Quality"
        className="flex h-9 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-white outline-none transition-colors hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white"
      >
        <Settings aria-hidden className="size-5" />
        <span className="max-sm:hidden">{current}</span>
      </MenuPrimitive.Trigger>
      <MenuPrimitive.Portal container={container ?? undefined}>
        <MenuPrimitive.Content
          side="top"
          align="end"
          sideOffset={8}
          className="z-50 min-w-40 rounded-lg border border-white/15 bg-black/90 p-1 text-white shadow-xl backdrop-blur data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
        >
          <MenuPrimitive.Label className="px-2 py-1.5 text-xs text-white/60">Quality</MenuPrimitive.Label>
          <MenuPrimitive.RadioGroup value={String(source.selected)} onValueChange={(v) => source.select(Number(v))}>
            <MenuPrimitive.RadioItem value="-1" className={menuItem}>
              <MenuPrimitive.ItemIndicator className="absolute left-2">
                <Check aria-hidden className="size-4" />
              </MenuPrimitive.ItemIndicator>
              Auto{playingLabel && source.selected === -1 ? ` (${playingLabel})` : ''}
            </MenuPrimitive.RadioItem>
            {source.levels.map((l) => (
              <MenuPrimitive.RadioItem key={l.index} value={String(l.index)} className={menuItem}>
                <MenuPrimitive.ItemIndicator className="absolute left-2">
                  <Check aria-hidden className="size-4" />
                </MenuPrimitive.ItemIndicator>
                {l.label}
              </MenuPrimitive.RadioItem>
            ))}
          </MenuPrimitive.RadioGroup>
        </MenuPrimitive.Content>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
}
