import { describe, expect, it } from 'vitest';
import { isCancelled, streamHealthVerdict } from './stream-rules.js';
import { CreateStreamSchema, RescheduleStreamSchema, SCHEDULE_MAX_DAYS, UpdateStreamSchema } from './live.js';

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('a new start time', () => {
  it('is checked as at creation: in the future (a minute of slack), at most 90 days ahead', () => {
    expect(RescheduleStreamSchema.safeParse({ scheduledAt: inMinutes(5) }).success).toBe(true);
    expect(RescheduleStreamSchema.safeParse({ scheduledAt: inMinutes(-0.5) }).success).toBe(true);
    expect(messageOf(RescheduleStreamSchema.safeParse({ scheduledAt: inMinutes(-2) }))).toBe('Choose a time in the future');
    expect(messageOf(RescheduleStreamSchema.safeParse({ scheduledAt: inMinutes(SCHEDULE_MAX_DAYS * 1440 - 5) }))).toBeUndefined();
    expect(messageOf(RescheduleStreamSchema.safeParse({ scheduledAt: inMinutes(SCHEDULE_MAX_DAYS * 1440 + 5) }))).toBe('Schedule at most 90 days ahead');
    expect(messageOf(CreateStreamSchema.safeParse({ title: 't', category: 'Trading', scheduledAt: inMinutes(SCHEDULE_MAX_DAYS * 1440 + 5) }))).toBe(
      'Schedule at most 90 days ahead',
    );
    // Unlike creation ("now"), a reschedule needs a time.
    expect(messageOf(RescheduleStreamSchema.safeParse({ scheduledAt: null }))).toBeDefined();
    expect(messageOf(RescheduleStreamSchema.safeParse({ scheduledAt: 'tomorrow' }))).toBe('Choose a date and time');
  });
});

describe('an edit of a stream', () => {
  it('changes only what it names, with the create form’s messages', () => {
    expect(UpdateStreamSchema.parse({})).toEqual({});
    expect(UpdateStreamSchema.parse({ tags: ['SOL', 'sol', ' Memes '], token: null })).toEqual({ tags: ['sol', 'memes'], token: null });
    expect(messageOf(UpdateStreamSchema.safeParse({ title: '   ' }))).toBe('Title is required');
    expect(messageOf(UpdateStreamSchema.safeParse({ category: 'Nope' }))).toBe('Choose a category');
    expect(messageOf(UpdateStreamSchema.safeParse({ token: { mint: 'x', symbol: 'S', name: 'N' } }))).toBe('Enter the token’s mint address');
  });
});

describe('a cancelled stream', () => {
  it('is one that ended without ever starting', () => {
    expect(isCancelled({ status: 'ended', startedAt: null })).toBe(true);
    expect(isCancelled({ status: 'ended', startedAt: '2030-01-01T00:00:00Z' })).toBe(false);
    expect(isCancelled({ status: 'scheduled', startedAt: null })).toBe(false);
  });
});

describe('a live stream’s health, as its creator is told', () => {
  const good = { inputKbps: 3000, fps: 30, speed: 1, unsteadyPerSecond: 0 };
  it('names the worst thing first: no data, then falling behind, then unsteady frames', () => {
    expect(streamHealthVerdict(good).verdict).toBe('good');
    expect(streamHealthVerdict({ ...good, unsteadyPerSecond: 1 }).verdict).toBe('good');
    expect(streamHealthVerdict({ ...good, unsteadyPerSecond: 3 }).verdict).toBe('unsteady');
    expect(streamHealthVerdict({ ...good, unsteadyPerSecond: 3, speed: 0.8 }).verdict).toBe('behind');
    expect(streamHealthVerdict({ ...good, speed: 0.8, inputKbps: 0 })).toMatchObject({ verdict: 'no-data', label: 'No data' });
    // No report for a while reads the same as a report of nothing.
    expect(streamHealthVerdict(null)).toEqual(streamHealthVerdict({ ...good, inputKbps: 0 }));
  });
});
