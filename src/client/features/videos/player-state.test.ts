import { describe, expect, it } from 'vitest';
import { controlsHidden, initialPlayerState, playerAnnouncement, playerReducer, showsPlayOverlay, showsSpinner, type PlayerEvent } from './player-state';

const run = (events: PlayerEvent[], start = initialPlayerState(null, 90)) => events.reduce(playerReducer, start);

describe('the video player state', () => {
  it('starts paused with the play button, at the resume point with its note', () => {
    const s = initialPlayerState(42, 90);
    expect(s).toMatchObject({ paused: true, duration: 90, resumedNote: true });
    expect(showsPlayOverlay(s)).toBe(true);
    expect(initialPlayerState(null, null)).toMatchObject({ duration: 0, resumedNote: false });
  });

  it('shows a spinner while playback waits, and hides it once frames come', () => {
    let s = run([{ type: 'play' }]);
    expect(showsSpinner(s, false)).toBe(true);
    s = run([{ type: 'playing' }], s);
    expect(showsSpinner(s, true)).toBe(false);
    expect(s.started).toBe(true);
    s = run([{ type: 'waiting' }], s);
    expect(showsSpinner(s, true)).toBe(true);
    expect(showsPlayOverlay(s)).toBe(false);
    s = run([{ type: 'ready' }], s);
    expect(showsSpinner(s, true)).toBe(false);
  });

  it('says play and pause from the first request to play, even paused before the first frame', () => {
    expect(playerAnnouncement(initialPlayerState(null, 90))).toBe('');
    let s = run([{ type: 'play' }]);
    expect(playerAnnouncement(s)).toBe('Playing');
    s = run([{ type: 'pause' }], s);
    expect(s.started).toBe(false);
    expect(playerAnnouncement(s)).toBe('Paused');
    s = run([{ type: 'volume', muted: true, volume: 1 }], s);
    expect(playerAnnouncement(s)).toBe('Paused, muted');
  });

  it('hides the controls only while playing with a resting pointer', () => {
    let s = run([{ type: 'play' }, { type: 'idle' }]);
    expect(controlsHidden(s)).toBe(true);
    s = run([{ type: 'active' }], s);
    expect(controlsHidden(s)).toBe(false);
    s = run([{ type: 'idle' }, { type: 'pause' }], s);
    expect(controlsHidden(s)).toBe(false);
  });

  it('keeps the Unmute button until the viewer chooses sound themselves', () => {
    let s = run([{ type: 'autoplayMuted' }, { type: 'volume', muted: true, volume: 1 }]);
    expect(s.mutedByAutoplay && s.muted).toBe(true);
    s = run([{ type: 'soundByViewer' }, { type: 'volume', muted: false, volume: 1 }], s);
    expect(s).toMatchObject({ mutedByAutoplay: false, muted: false });
  });

  it('ignores a duration the element does not know yet', () => {
    expect(run([{ type: 'duration', duration: Number.NaN }]).duration).toBe(90);
    expect(run([{ type: 'duration', duration: 120.5 }]).duration).toBe(120.5);
  });

  it('ends paused, and the resume note goes when dismissed', () => {
    const s = run([{ type: 'play' }, { type: 'playing' }, { type: 'ended' }, { type: 'dismissResumed' }], initialPlayerState(10, 90));
    expect(s).toMatchObject({ paused: true, resumedNote: false });
  });
});
