import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type Hls from 'hls.js';
// hls.js's module build has no worker of its own: without this file it turns MPEG-TS segments into
// MP4 fragments on the main thread, a long task for every segment (docs/performance.md).
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import { serverUrl } from '../../lib/native/api-origin';
import { byQualityDesc, levelForHeight, levelLabel, parseMasterLevels, type QualityLevel } from './hls-levels';
import { bufferedAhead, catchUpWindowMs, liveCatchUp, STALL_MEMORY_MS, type AheadSample } from './live-catch-up';

export type { QualityLevel } from './hls-levels';

/**
 * hls.js, once the browser has painted the frame being prepared now (the player's poster): its
 * 100 KB never holds up the page's largest picture. The light build: the player needs no
 * subtitles, alternate audio, DRM or CMCD, and it is a third smaller.
 */
const loadHlsAfterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))).then(() => import('hls.js/light'));

export interface HlsSource {
  /** hls.js through Media Source Extensions, or the browser's own HLS. */
  engine: 'hls.js' | 'native' | null;
  /** Renditions, highest first; empty where only the browser's own HLS can play (it picks by itself). */
  levels: QualityLevel[];
  /** The chosen level, -1 for Auto. */
  selected: number;
  /** The level playing now (what Auto picked). */
  playing: number | null;
  select: (index: number) => void;
  /** A message when the video cannot be played at all. */
  error: string | null;
}

const HLS_MIME = 'application/vnd.apple.mpegurl';
const PLAYBACK_ERROR = 'This video could not be played. Check your connection and try again.';

function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

/**
 * Who plays the stream. A video or a short starts in the browser's own HLS where it has one
 * (Safari, and Chromium, which answers "maybe" to the HLS type): no script parses playlists or
 * moves segments on the page's main thread, which keeps a page that starts playing at once
 * responsive on a phone. hls.js takes over when the viewer picks a quality (where Media Source
 * Extensions exist), if the browser's own player fails, for live streams (tuned for latency) and
 * where there is no HLS of the browser's own at all.
 */
function usesNativeHls(video: HTMLVideoElement, live: boolean, hlsJsChosen: boolean): boolean {
  if (video.canPlayType(HLS_MIME) === '') return false;
  return !hasMediaSource() || (!live && !hlsJsChosen);
}

/** Where hls.js picks up from the browser's own player: the moment, whether it was playing, and the rendition chosen. */
interface Handover {
  at: number;
  playing: boolean;
  level: QualityLevel | null;
}

export interface HlsOptions {
  /** Where to start, in seconds (resume position). */
  startAt?: number | null;
  /** Seconds to buffer ahead; small for the shorts that are only preloaded. */
  maxBufferLength?: number;
  /** A live stream: stay close to the live edge, and keep retrying a dropped connection. */
  live?: boolean;
}

/** How often a live player may start over after an error it cannot recover from. */
const LIVE_REBUILDS = 5;

/**
 * hls.js for live: it starts one target duration behind the newest segment (with 0.5 s segments
 * the playlist says 1 s, the nearest whole number), and jumps back there when 3 behind the live
 * edge it estimates: a device too busy to load segments as fast as they come falls behind without
 * a stall or a growing buffer. The rate is left to `followLiveEdge`: hls.js speeds up only with
 * over a second buffered and a delay within one target duration of its goal, so once a busy
 * device had fallen further behind, it stayed there (docs/performance.md, "Live").
 */
const LIVE_CONFIG = {
  lowLatencyMode: true,
  liveSyncDurationCount: 1,
  liveMaxLatencyDurationCount: 3,
  maxLiveSyncPlaybackRate: 1,
  backBufferLength: 30,
};
/** How often the live player checks how much it holds ahead (ms). */
const CATCH_UP_EVERY_MS = 250;

/**
 * Keeps a playing live `video` close to its live edge (live-catch-up.ts): it samples the picture
 * held ahead, plays faster while that stays above the cushion and jumps when far above; stalls
 * make the cushion larger. A pause or a seek starts the sampling over. Returns the function that
 * stops it.
 */
function followLiveEdge(video: HTMLVideoElement, segmentSeconds: () => number): () => void {
  let samples: AheadSample[] = [];
  let stalls: number[] = [];
  const forget = () => {
    samples = [];
  };
  // Out of picture while playing (not a seek, not the start): segments came later than the cushion covered.
  const stalled = () => {
    if (!video.seeking && video.currentTime > 0) stalls.push(performance.now());
  };
  const timer = window.setInterval(() => {
    if (video.paused || video.seeking) return forget();
    const now = performance.now();
    const { buffered } = video;
    const ranges = Array.from({ length: buffered.length }, (_, i) => [buffered.start(i), buffered.end(i)] as const);
    const seg = segmentSeconds();
    samples = [...samples.filter((s) => now - s.at < catchUpWindowMs(seg)), { at: now, ahead: bufferedAhead(ranges, video.currentTime) }];
    stalls = stalls.filter((at) => now - at < STALL_MEMORY_MS);
    const { rate, skip } = liveCatchUp(samples, seg, stalls.length);
    if (skip > 0) {
      video.currentTime += skip;
      forget();
    }
    if (video.playbackRate !== rate) video.playbackRate = rate;
  }, CATCH_UP_EVERY_MS);
  video.addEventListener('seeking', forget);
  video.addEventListener('waiting', stalled);
  return () => {
    window.clearInterval(timer);
    video.removeEventListener('seeking', forget);
    video.removeEventListener('waiting', stalled);
    video.playbackRate = 1;
  };
}

/**
 * Plays the HLS `src` in the video element of `videoRef` (rendered with the component); hls.js
 * is loaded on first use, never with the page. The caller keys the component by video, so a new
 * source starts from a clean state.
 */
export function useHls(videoRef: RefObject<HTMLVideoElement | null>, src: string | null, options: HlsOptions = {}): HlsSource {
  const [engine, setEngine] = useState<HlsSource['engine']>(null);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [selected, setSelected] = useState(-1);
  const [playing, setPlaying] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hlsRef = useRef<Hls | null>(null);
  const { startAt, maxBufferLength, live = false } = options;
  // Read once per source: a changed resume position must not reload the stream.
  const startRef = useRef(startAt);
  const bufferRef = useRef(maxBufferLength);
  // Set when hls.js takes over from the browser's own player.
  const [handover, setHandover] = useState<Handover | null>(null);
  // The renditions, also for the listeners below (set through `showLevels`).
  const levelsRef = useRef<QualityLevel[]>([]);
  const showLevels = useCallback((list: QualityLevel[]) => {
    levelsRef.current = list;
    setLevels(list);
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !src) return;
    let cancelled = false;
    const from = handover ? handover.at : startRef.current;
    const start = from && from > 0 ? from : undefined;

    if (usesNativeHls(video, live, !!handover)) {
      const seek = () => {
        if (start) video.currentTime = start;
      };
      // The rendition shown, from the picture's height: the menu's "Auto (480p)".
      const shown = () => setPlaying(levelForHeight(levelsRef.current, video.videoHeight));
      // The browser's player could not play it: hls.js tries, where it can.
      const failed = () => {
        if (cancelled) return;
        if (hasMediaSource()) setHandover({ at: video.currentTime, playing: true, level: null });
        else setError(PLAYBACK_ERROR);
      };
      video.addEventListener('loadedmetadata', seek, { once: true });
      video.addEventListener('resize', shown);
      video.addEventListener('error', failed);
      video.src = serverUrl(src);
      queueMicrotask(() => !cancelled && setEngine('native'));
      // The renditions, for a menu that hands over to hls.js: only where hls.js can play.
      if (hasMediaSource()) {
        fetch(serverUrl(src))
          .then((res) => (res.ok ? res.text() : ''))
          .then((text) => {
            if (cancelled) return;
            showLevels(parseMasterLevels(text));
            shown();
          })
          .catch(() => undefined);
      }
      return () => {
        cancelled = true;
        video.removeEventListener('loadedmetadata', seek);
        video.removeEventListener('resize', shown);
        video.removeEventListener('error', failed);
        video.removeAttribute('src');
        video.load();
      };
    }

    let rebuilds = 0;
    let rebuildTimer: number | undefined;
    let unfollow: (() => void) | undefined;
    void loadHlsAfterPaint().then(({ default: HlsClass }) => {
      if (cancelled) return;
      if (!HlsClass.isSupported()) {
        setError(PLAYBACK_ERROR);
        return;
      }
      const attach = () => {
        if (cancelled) return;
        const hls = new HlsClass({
          workerPath: hlsWorkerUrl,
          startPosition: start ?? -1,
          capLevelToPlayerSize: true,
          ...(bufferRef.current ? { maxBufferLength: bufferRef.current, maxMaxBufferLength: bufferRef.current * 2 } : {}),
          ...(live ? LIVE_CONFIG : {}),
        });
        hlsRef.current = hls;
        let recoveredMedia = false;
        let retriedNetwork = false;
        hls.on(HlsClass.Events.MANIFEST_PARSED, (_e, data) => {
          const parsed = data.levels.map((l, index) => ({ index, height: l.height, bitrate: l.bitrate, label: levelLabel(l.height, l.bitrate) }));
          showLevels([...parsed].sort(byQualityDesc));
          if (!handover) return;
          // Taking over from the browser's player: the rendition the viewer chose, and play on if it was playing.
          const wanted = handover.level;
          const chosen = wanted
            ? (parsed.find((l) => l.height === wanted.height && l.bitrate === wanted.bitrate) ?? parsed.find((l) => l.height === wanted.height))
            : undefined;
          if (chosen) {
            hls.currentLevel = chosen.index;
            setSelected(chosen.index);
          }
          if (handover.playing) video.play().catch(() => undefined);
        });
        hls.on(HlsClass.Events.LEVEL_SWITCHED, (_e, data) => setPlaying(data.level));
        hls.on(HlsClass.Events.ERROR, (_e, data) => {
          if (!data.fatal) return;
          if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR && live) {
            // A live edge that is briefly missing (a publisher reconnecting) is waited for.
            window.setTimeout(() => hlsRef.current === hls && hls.startLoad(), 2000);
          } else if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR && !retriedNetwork) {
            retriedNetwork = true;
            hls.startLoad();
          } else if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !recoveredMedia) {
            recoveredMedia = true;
            hls.recoverMediaError();
          } else if (live && rebuilds < LIVE_REBUILDS) {
            // A live stream that cannot be recovered in place (joined in its first seconds, its
            // tracks changed) starts again from the live edge with a fresh player.
            rebuilds++;
            hls.destroy();
            hlsRef.current = null;
            rebuildTimer = window.setTimeout(attach, 1000);
          } else {
            hls.destroy();
            hlsRef.current = null;
            setError(PLAYBACK_ERROR);
          }
        });
        hls.loadSource(serverUrl(src));
        hls.attachMedia(video);
        if (live && !unfollow) {
          // The segment length, from the playlist the player holds now (after a rebuild, the new one's).
          unfollow = followLiveEdge(video, () => hlsRef.current?.latestLevelDetails?.averagetargetduration ?? 1);
        }
        setEngine('hls.js');
      };
      attach();
    });

    return () => {
      cancelled = true;
      window.clearTimeout(rebuildTimer);
      unfollow?.();
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [videoRef, src, live, handover, showLevels]);

  const select = useCallback(
    (index: number) => {
      const hls = hlsRef.current;
      if (!hls) {
        // The browser's own player: Auto is what it does already; a rendition hands over to hls.js.
        const video = videoRef.current;
        const level = levelsRef.current.find((l) => l.index === index);
        if (!video || !level || engine !== 'native') return;
        setHandover({ at: video.currentTime, playing: !video.paused, level });
        return;
      }
      // -1 hands the choice back to the bandwidth estimate; a level switches at once.
      hls.currentLevel = index;
      setSelected(index);
    },
    [videoRef, engine],
  );

  return { engine, levels, selected, playing, select, error };
}
