import { describe, expect, it } from 'vitest';
import { nextRate, playerKeyAction, rateLabel, resumePosition, spriteTile, type Sprite } from './player-controls';

describe('player shortcuts', () => {
  it('maps the usual keys', () => {
    expect(playerKeyAction(' ')).toEqual({ type: 'toggle' });
    expect(playerKeyAction('k')).toEqual({ type: 'toggle' });
    expect(playerKeyAction('j')).toEqual({ type: 'seek', by: -10 });
    expect(playerKeyAction('L')).toEqual({ type: 'seek', by: 10 });
    expect(playerKeyAction('ArrowLeft')).toEqual({ type: 'seek', by: -5 });
    expect(playerKeyAction('ArrowRight')).toEqual({ type: 'seek', by: 5 });
    expect(playerKeyAction('m')).toEqual({ type: 'mute' });
    expect(playerKeyAction('f')).toEqual({ type: 'fullscreen' });
    expect(playerKeyAction('5')).toEqual({ type: 'seekTo', fraction: 0.5 });
    expect(playerKeyAction('>')).toEqual({ type: 'speed', by: 1 });
    expect(playerKeyAction('<')).toEqual({ type: 'speed', by: -1 });
    expect(playerKeyAction('i')).toEqual({ type: 'pip' });
    expect(playerKeyAction('t')).toEqual({ type: 'theatre' });
    expect(playerKeyAction('?')).toEqual({ type: 'help' });
    expect(playerKeyAction('ArrowUp')).toBeNull();
    expect(playerKeyAction('x')).toBeNull();
  });
});

describe('playback speed', () => {
  it('steps through 0.25× to 2× and stops at either end', () => {
    expect(nextRate(1, 1)).toBe(1.25);
    expect(nextRate(1, -1)).toBe(0.75);
    expect(nextRate(2, 1)).toBe(2);
    expect(nextRate(0.25, -1)).toBe(0.25);
    expect(nextRate(1.1, 1)).toBe(1.5);
    expect(rateLabel(1)).toBe('Normal');
    expect(rateLabel(1.5)).toBe('1.5×');
  });
});

describe('preview frames', () => {
  const sprite: Sprite = { url: '/s.jpg', interval: 2, columns: 5, rows: 2, tileWidth: 160, tileHeight: 90 };
  it('finds the tile for a time, row by row, clamped to the sheet', () => {
    expect(spriteTile(sprite, 0)).toEqual({ x: 0, y: 0 });
    expect(spriteTile(sprite, 3.9)).toEqual({ x: 160, y: 0 });
    expect(spriteTile(sprite, 10)).toEqual({ x: 0, y: 90 });
    expect(spriteTile(sprite, 999)).toEqual({ x: 640, y: 90 });
    expect(spriteTile(sprite, -1)).toEqual({ x: 0, y: 0 });
  });
});

describe('resume position', () => {
  it('resumes where the viewer stopped, unless at the very start or end', () => {
    expect(resumePosition(null, 600)).toBeNull();
    expect(resumePosition(1, 600)).toBeNull();
    expect(resumePosition(125.5, 600)).toBe(125.5);
    expect(resumePosition(598, 600)).toBeNull();
    expect(resumePosition(42, null)).toBe(42);
  });
});
