/**
 * What the long-video player shows, as one value changed by events: the media element's own
 * (play, pause, waiting, volume…) and the viewer's (pointer idle, full screen, dismissing the
 * resume note). Pure, so every transition is tested without a browser. Where the video is and how
 * much of it has loaded are not here: the seek bar and the clock follow those themselves
 * (player-parts.tsx), so the player does not redraw four times a second while it plays.
 */
export interface PlayerState {
  paused: boolean;
  /** Playback has started at least once (the controls stop hiding behind the poster). */
  started: boolean;
  /** Play was asked for at least once (by the viewer or autoplay), even if no frame has played yet. */
  requested: boolean;
  /** Buffering or seeking: the spinner shows while playing. */
  waiting: boolean;
  duration: number;
  muted: boolean;
  volume: number;
  /** The browser refused autoplay with sound, so it plays muted with an Unmute button. */
  mutedByAutoplay: boolean;
  fullscreen: boolean;
  /** The pointer has rested: controls fade while playing. */
  idle: boolean;
  /** "Resumed at m:ss" shows for a while after a resumed start. */
  resumedNote: boolean;
}

export type PlayerEvent =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'playing' }
  | { type: 'waiting' }
  | { type: 'ready' }
  | { type: 'ended' }
  | { type: 'duration'; duration: number }
  | { type: 'volume'; muted: boolean; volume: number }
  | { type: 'autoplayMuted' }
  | { type: 'soundByViewer' }
  | { type: 'fullscreen'; on: boolean }
  | { type: 'idle' }
  | { type: 'active' }
  | { type: 'dismissResumed' };

export function initialPlayerState(startAt: number | null, knownDuration: number | null): PlayerState {
  return {
    paused: true,
    started: false,
    requested: false,
    waiting: false,
    duration: knownDuration ?? 0,
    muted: false,
    volume: 1,
    mutedByAutoplay: false,
    fullscreen: false,
    idle: false,
    resumedNote: startAt !== null,
  };
}

export function playerReducer(s: PlayerState, e: PlayerEvent): PlayerState {
  switch (e.type) {
    case 'play':
      return { ...s, paused: false, idle: false, requested: true };
    case 'pause':
      return { ...s, paused: true };
    case 'playing':
      return { ...s, waiting: false, started: true };
    case 'waiting':
      return { ...s, waiting: true };
    case 'ready':
      return { ...s, waiting: false };
    case 'ended':
      return { ...s, paused: true };
    case 'duration':
      return Number.isFinite(e.duration) ? { ...s, duration: e.duration } : s;
    case 'volume':
      return { ...s, muted: e.muted, volume: e.volume };
    case 'autoplayMuted':
      return { ...s, mutedByAutoplay: true };
    case 'soundByViewer':
      return { ...s, mutedByAutoplay: false };
    case 'fullscreen':
      return { ...s, fullscreen: e.on };
    case 'idle':
      return { ...s, idle: true };
    case 'active':
      return s.idle ? { ...s, idle: false } : s;
    case 'dismissResumed':
      return { ...s, resumedNote: false };
  }
}

/**
 * What the player says to screen readers about play, pause and mute (the buttons' names change,
 * which readers do not announce). Nothing until play is first asked for; from then on, even if
 * the viewer pauses before the first frame arrived.
 */
export function playerAnnouncement(s: PlayerState): string {
  if (!s.requested) return '';
  return `${s.paused ? 'Paused' : 'Playing'}${s.muted ? ', muted' : ''}`;
}

/** Controls fade only while playing and the pointer rests. */
export const controlsHidden = (s: PlayerState) => s.idle && !s.paused;
/** The big play button over the picture. */
export const showsPlayOverlay = (s: PlayerState) => s.paused && !s.waiting;
/** The spinner: playing but nothing to show yet. */
export const showsSpinner = (s: PlayerState, engineReady: boolean) => !s.paused && (s.waiting || !engineReady);
