import { PLAYBACK_REPORT_SECONDS } from '../../../shared/analytics/analytics-rules';
import { Keyboard, Maximize, Minimize, Pause, PictureInPicture2, Play, RectangleHorizontal, RotateCcw, Volume2, VolumeX } from 'lucide-react';
import { lazy, memo, startTransition, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { VideoDetail } from '../../../shared/videos/videos';
import { formatDuration } from '../../lib/format';
import { cn } from '../../lib/utils';
import { Spinner } from '../../ui/spinner';
import type { Chapter } from '../../../shared/videos/chapters';
import { nextRate, playerKeyAction, resumePosition, shouldIgnoreShortcut, type PlayerAction } from './player-controls';
import { CaptionsMenu, ControlButton, PlayerClock, PlayerSeekBar, QualityMenu, SpeedMenu } from './player-parts';
import { CaptionText, useCaptions } from './use-captions';
import { controlsHidden, initialPlayerState, playerAnnouncement, playerReducer, showsPlayOverlay, showsSpinner, type PlayerEvent } from './player-state';
import { useHls } from './use-hls';
import { mediaUrl } from '../../lib/native/api-origin';

type PlayerVideo = Pick<VideoDetail, 'id' | 'title' | 'hlsUrl' | 'thumbnailUrl' | 'sprite' | 'durationSeconds' | 'resumeAt' | 'captions'>;

const IDLE_HIDE_MS = 2500;
/** Two taps within this long on a side of the picture (a phone) seek 10 s. */
const DOUBLE_TAP_MS = 300;
/** The viewer's last speed, kept for the next video. */
const RATE_KEY = 'glint.playbackRate';

function storedRate(): number {
  try {
    const r = Number(localStorage.getItem(RATE_KEY));
    return r >= 0.25 && r <= 2 ? r : 1;
  } catch {
    return 1;
  }
}

const NO_CHAPTERS: readonly Chapter[] = [];
// The shortcuts sheet (a dialog) loads the first time `?` asks for it: the embed does without.
const PlayerShortcutsDialog = lazy(() => import('./player-shortcuts').then((m) => ({ default: m.PlayerShortcutsDialog })));
/** Save the position about this often while playing. */
const SAVE_EVERY_SECONDS = 10;

/**
 * The long-video player: HLS (hls.js, loaded on first use), a seek bar with preview frames from
 * the sprite, a quality menu, keyboard shortcuts for the whole page, resume, full screen.
 * Keyed by video id by the caller. Memoized: the page around it redraws (who is signed in becomes
 * known, a like) without the player, whose callbacks are read through refs.
 */
export const VideoPlayer = memo(function VideoPlayer({
  video,
  onFirstPlay,
  onSavePosition,
  onReport,
  className,
  autoplay = true,
  startMuted = false,
  startAt: startAtAsked,
  chapters = NO_CHAPTERS,
  theatre,
  onTheatre,
  onEnded,
}: {
  video: PlayerVideo;
  /** When the video plays to its end (a playlist's next video). */
  onEnded?: () => void;
  /** The description's chapters, marked on the seek bar. */
  chapters?: readonly Chapter[];
  /** Theatre mode (the page widens the player): its button and the `t` key, where the page offers it. */
  theatre?: boolean;
  onTheatre?: () => void;
  /** Start playing on load (with sound where the browser allows, else muted); the embed asks for it with `?autoplay=1`. */
  autoplay?: boolean;
  /** Start without sound (the embed's `?muted=1`). */
  startMuted?: boolean;
  /** Where to start, in seconds, instead of the viewer's saved position (a link's `?t=`); no "Resumed at" note then. */
  startAt?: number | null;
  /** Once, when playback first starts (counts the view). */
  onFirstPlay?: () => void;
  /** Signed-in viewers: where they are, every ~10 s, on pause and on leaving. */
  onSavePosition?: (seconds: number) => void;
  /** Where the playback is, for the creator's analytics: when it starts, every few seconds while playing, on pause, end and leaving. */
  onReport?: (seconds: number, leaving?: boolean) => void;
  className?: string;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [startAt] = useState(() => startAtAsked ?? resumePosition(video.resumeAt, video.durationSeconds));
  const source = useHls(videoRef, video.hlsUrl, { startAt });
  const captions = useCaptions(videoRef, video.captions);
  const toggleCaptions = captions.toggle;

  const [state, dispatch] = useReducer(playerReducer, null, () => ({
    ...initialPlayerState(startAt, video.durationSeconds),
    ...(startAtAsked != null ? { resumedNote: false } : {}),
  }));
  // What the video element reports (playing, time, volume, buffering) is drawn as a transition:
  // React draws it in slices between frames, never as one long task in the middle of the page's
  // start, where autoplay makes several of these at once. A viewer's own presses stay immediate.
  const fromMedia = useCallback((event: PlayerEvent) => startTransition(() => dispatch(event)), []);
  const { paused, started, duration, muted, volume, mutedByAutoplay, fullscreen, resumedNote } = state;
  const idleTimer = useRef<number | undefined>(undefined);
  const [rate, setRateState] = useState(storedRate);
  const [helpOpen, setHelpOpen] = useState(false);
  const [tapped, setTapped] = useState<{ side: 'back' | 'forward'; at: number } | null>(null);
  const lastTap = useRef<{ at: number; side: 'back' | 'forward' | 'middle' } | null>(null);
  const singleTap = useRef<number | undefined>(undefined);
  const canPip = typeof document !== 'undefined' && 'pictureInPictureEnabled' in document && document.pictureInPictureEnabled;
  const setRate = useCallback((r: number) => {
    setRateState(r);
    if (videoRef.current) videoRef.current.playbackRate = r;
    try {
      localStorage.setItem(RATE_KEY, String(r));
    } catch {
      // private mode: this video keeps it
    }
  }, []);
  // The speed chosen holds for the element (hls.js or a new source may set it back).
  useEffect(() => {
    const el = videoRef.current;
    if (!el) return;
    const apply = () => {
      if (el.playbackRate !== rate) el.playbackRate = rate;
    };
    apply();
    el.addEventListener('loadeddata', apply);
    return () => el.removeEventListener('loadeddata', apply);
  }, [rate]);
  useEffect(() => () => window.clearTimeout(singleTap.current), []);

  // Callbacks in refs: the listeners below are attached once per element.
  const firstPlayRef = useRef(onFirstPlay);
  const saveRef = useRef(onSavePosition);
  const reportRef = useRef(onReport);
  const onTheatreRef = useRef(onTheatre);
  useEffect(() => {
    firstPlayRef.current = onFirstPlay;
    saveRef.current = onSavePosition;
    reportRef.current = onReport;
    onTheatreRef.current = onTheatre;
  });
  const lastReported = useRef(0);
  const report = useCallback((seconds: number, leaving = false) => {
    lastReported.current = seconds;
    reportRef.current?.(seconds, leaving);
  }, []);
  const lastSaved = useRef(startAt ?? 0);
  const playedOnce = useRef(false);

  const save = useCallback((seconds: number) => {
    lastSaved.current = seconds;
    saveRef.current?.(seconds);
  }, []);

  // Autoplay with sound where the browser allows it, else muted with an Unmute button; once: when
  // hls.js takes over from the browser's player (a quality picked), it plays on only if it was playing.
  const autoplayed = useRef(false);
  useEffect(() => {
    const el = videoRef.current;
    if (!el || !source.engine || autoplayed.current) return;
    autoplayed.current = true;
    if (startMuted) el.muted = true;
    if (!autoplay) return;
    el.play().catch((err: unknown) => {
      if (!(err instanceof DOMException) || err.name !== 'NotAllowedError') return;
      el.muted = true;
      fromMedia({ type: 'autoplayMuted' });
      el.play().catch(() => undefined);
    });
  }, [source.engine, fromMedia, autoplay, startMuted]);

  // Leaving the page (or the video): remember where.
  useEffect(() => {
    const el = videoRef.current;
    if (!el) return;
    const leave = () => {
      if (playedOnce.current && !el.ended) {
        save(el.currentTime);
        report(el.currentTime, true);
      }
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [save, report]);

  useEffect(() => {
    const onChange = () => dispatch({ type: 'fullscreen', on: !!box && document.fullscreenElement === box });
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [box]);

  useEffect(() => {
    if (!resumedNote) return;
    const t = window.setTimeout(() => dispatch({ type: 'dismissResumed' }), 6000);
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
          dispatch({ type: 'soundByViewer' });
          break;
        case 'fullscreen':
          toggleFullscreen();
          break;
        case 'speed':
          setRate(nextRate(el.playbackRate || 1, action.by));
          break;
        case 'pip':
          if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
          else if (canPip) void el.requestPictureInPicture().catch(() => undefined);
          break;
        case 'theatre':
          onTheatreRef.current?.();
          break;
        case 'captions':
          toggleCaptions();
          break;
        case 'help':
          if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
          setHelpOpen(true);
          break;
      }
    },
    [toggleFullscreen, setRate, canPip, toggleCaptions],
  );

  /** Shows the controls, then hides them a moment later; `byPlayer` when playback, not the viewer, asked. */
  const poke = useCallback(
    (byPlayer?: 'byPlayer') => {
      (byPlayer ? fromMedia : dispatch)({ type: 'active' });
      window.clearTimeout(idleTimer.current);
      idleTimer.current = window.setTimeout(() => fromMedia({ type: 'idle' }), IDLE_HIDE_MS);
    },
    [fromMedia],
  );
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

  const hideControls = controlsHidden(state);

  return (
    <div
      ref={setBox}
      data-testid="video-player"
      className={cn(
        'group/player @container relative aspect-video w-full overflow-hidden bg-black text-white select-none',
        fullscreen ? 'rounded-none' : 'rounded-xl',
        hideControls && 'cursor-none',
        className,
      )}
      onPointerMove={() => poke()}
      onPointerLeave={() => dispatch({ type: 'idle' })}
    >
      <video
        ref={videoRef}
        className="size-full object-contain"
        poster={mediaUrl(video.thumbnailUrl) ?? undefined}
        playsInline
        preload="metadata"
        aria-label={video.title}
        onClick={(e) => {
          // A mouse click plays or pauses at once; a finger waits a moment for a second tap, which
          // on the left or right third of the picture seeks 10 s instead (as on phones' players).
          if ((e.nativeEvent as PointerEvent).pointerType !== 'touch') return run({ type: 'toggle' });
          const r = e.currentTarget.getBoundingClientRect();
          const x = (e.clientX - r.left) / r.width;
          const side = x < 1 / 3 ? 'back' : x > 2 / 3 ? 'forward' : 'middle';
          const now = performance.now();
          const before = lastTap.current;
          lastTap.current = { at: now, side };
          if (before && now - before.at < DOUBLE_TAP_MS && before.side === side && side !== 'middle') {
            window.clearTimeout(singleTap.current);
            lastTap.current = null;
            run({ type: 'seek', by: side === 'back' ? -10 : 10 });
            setTapped({ side, at: now });
            return;
          }
          window.clearTimeout(singleTap.current);
          singleTap.current = window.setTimeout(() => run({ type: 'toggle' }), DOUBLE_TAP_MS);
        }}
        onDoubleClick={(e) => {
          if ((e.nativeEvent as PointerEvent).pointerType !== 'touch') toggleFullscreen();
        }}
        onRateChange={(e) => setRateState(e.currentTarget.playbackRate)}
        onPlay={() => {
          fromMedia({ type: 'play' });
          // The controls fade out a moment after playback starts, until the pointer moves.
          poke('byPlayer');
        }}
        onPause={(e) => {
          fromMedia({ type: 'pause' });
          const v = e.currentTarget;
          if (playedOnce.current && !v.ended) {
            save(v.currentTime);
            report(v.currentTime);
          }
        }}
        onPlaying={() => {
          fromMedia({ type: 'playing' });
          if (!playedOnce.current) {
            playedOnce.current = true;
            firstPlayRef.current?.();
            report(videoRef.current?.currentTime ?? 0);
          }
        }}
        onWaiting={() => fromMedia({ type: 'waiting' })}
        onSeeking={() => fromMedia({ type: 'waiting' })}
        onSeeked={() => fromMedia({ type: 'ready' })}
        onCanPlay={() => fromMedia({ type: 'ready' })}
        onEnded={(e) => {
          fromMedia({ type: 'ended' });
          save(0);
          report(e.currentTarget.duration);
          onEnded?.();
        }}
        onTimeUpdate={(e) => {
          // Where it is shows in the seek bar and the clock, which follow the element themselves.
          const t = e.currentTarget.currentTime;
          if (!e.currentTarget.paused && Math.abs(t - lastSaved.current) >= SAVE_EVERY_SECONDS) save(t);
          if (!e.currentTarget.paused && playedOnce.current && Math.abs(t - lastReported.current) >= PLAYBACK_REPORT_SECONDS) report(t);
        }}
        onDurationChange={(e) => fromMedia({ type: 'duration', duration: e.currentTarget.duration })}
        onVolumeChange={(e) => fromMedia({ type: 'volume', muted: e.currentTarget.muted, volume: e.currentTarget.volume })}
      >
        {video.captions.map((c) => (
          <track key={c.language} kind="subtitles" src={mediaUrl(c.url) ?? c.url} srcLang={c.language} label={c.label} />
        ))}
      </video>

      {captions.cues.length ? <CaptionText cues={captions.cues} raised={!hideControls && started} /> : null}

      {source.error ? (
        <div className="absolute inset-0 flex items-center justify-center bg-black/80 p-6 text-center text-sm" role="alert">
          {source.error}
        </div>
      ) : null}

      {!source.error && showsSpinner(state, !!source.engine) ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <Spinner className="size-10 text-white" label="Loading video" />
        </div>
      ) : null}

      {!source.error && showsPlayOverlay(state) ? (
        <div aria-hidden className="absolute inset-0 flex cursor-pointer items-center justify-center" onClick={() => run({ type: 'toggle' })}>
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
              dispatch({ type: 'dismissResumed' });
            }}
          >
            <RotateCcw aria-hidden className="size-3" /> Start over
          </button>
        </div>
      ) : null}

      {tapped ? <TapNote key={tapped.at} side={tapped.side} onDone={() => setTapped(null)} /> : null}

      {helpOpen ? (
        <Suspense fallback={null}>
          <PlayerShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
        </Suspense>
      ) : null}

      <div
        className={cn(
          'absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-linear-to-t from-black/85 via-black/40 to-transparent px-3 pt-10 pb-2 transition-opacity duration-200',
          hideControls ? 'pointer-events-none opacity-0 focus-within:pointer-events-auto focus-within:opacity-100' : 'opacity-100',
          !started && paused && 'opacity-0 group-hover/player:opacity-100 focus-within:opacity-100',
        )}
      >
        <PlayerSeekBar
          videoRef={videoRef}
          startAt={startAt ?? 0}
          duration={duration}
          sprite={video.sprite}
          chapters={chapters}
          onSeek={(t) => {
            if (videoRef.current) videoRef.current.currentTime = t;
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
            name="volume"
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
              // The slider shows the new value at once: waiting for the video's volumechange would
              // put the old value back in between, and a second arrow press would start from it.
              dispatch({ type: 'volume', muted: el.muted, volume: el.volume });
              dispatch({ type: 'soundByViewer' });
            }}
            className="h-1 w-20 cursor-pointer rounded-full accent-white outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-4 focus-visible:ring-offset-black max-sm:hidden"
          />
          {/* Play, pause and mute said out loud: the buttons' names change, which readers do not announce. */}
          <span className="sr-only" role="status" data-testid="player-status">
            {playerAnnouncement(state)}
          </span>
          <PlayerClock videoRef={videoRef} startAt={startAt ?? 0} duration={duration} />
          <span className="flex-1" />
          <span className="max-sm:hidden">
            <ControlButton label="Keyboard shortcuts" onClick={() => run({ type: 'help' })}>
              <Keyboard />
            </ControlButton>
          </span>
          <CaptionsMenu tracks={captions.ordered} language={captions.language} onLanguage={captions.setLanguage} container={fullscreen ? box : null} />
          <SpeedMenu rate={rate} onRate={setRate} container={fullscreen ? box : null} />
          <QualityMenu source={source} container={fullscreen ? box : null} />
          {canPip ? (
            <ControlButton label="Picture in picture" onClick={() => run({ type: 'pip' })}>
              <PictureInPicture2 />
            </ControlButton>
          ) : null}
          {onTheatre && !fullscreen ? (
            <span className="max-lg:hidden">
              <ControlButton label={theatre ? 'Default view' : 'Theatre mode'} onClick={() => run({ type: 'theatre' })}>
                <RectangleHorizontal />
              </ControlButton>
            </span>
          ) : null}
          <ControlButton label={fullscreen ? 'Exit full screen' : 'Full screen'} onClick={toggleFullscreen}>
            {fullscreen ? <Minimize /> : <Maximize />}
          </ControlButton>
        </div>
      </div>
    </div>
  );
});

/** "−10 s" or "+10 s" on the side a double tap seeked, fading after a moment. */
function TapNote({ side, onDone }: { side: 'back' | 'forward'; onDone: () => void }) {
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    const t = window.setTimeout(() => done.current(), 700);
    return () => window.clearTimeout(t);
  }, []);
  return (
    <div
      aria-hidden
      data-testid="tap-seek"
      className={cn('pointer-events-none absolute inset-y-0 flex w-1/3 items-center justify-center', side === 'back' ? 'left-0' : 'right-0')}
    >
      <span className="rounded-full bg-black/60 px-3 py-1.5 text-sm font-semibold">{side === 'back' ? '−10 s' : '+10 s'}</span>
    </div>
  );
}
