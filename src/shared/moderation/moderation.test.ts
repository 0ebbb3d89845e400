import { describe, expect, it } from 'vitest';
import {
  CreateReportSchema,
  ModerationDecisionSchema,
  REPORT_DETAILS_MAX,
  REPORT_DETAILS_NEEDED,
  removedMessage,
  SUSPENSION_MAX_HOURS,
  suspendedMessage,
} from './moderation.js';

const report = (over: Record<string, unknown> = {}) => CreateReportSchema.safeParse({ targetType: 'video', targetId: 'v1', reason: 'spam', ...over });

describe('a report', () => {
  it('needs a reason from the list and takes details up to the limit, trimmed', () => {
    expect(report().success).toBe(true);
    expect(report({ reason: undefined }).error?.issues[0]?.message).toBe('Choose a reason');
    expect(report({ reason: 'boring' }).success).toBe(false);
    expect(report({ targetType: 'bounty' }).success).toBe(false);
    expect(report({ details: ` ${'x'.repeat(REPORT_DETAILS_MAX)} ` }).data?.details).toHaveLength(REPORT_DETAILS_MAX);
    expect(report({ details: 'x'.repeat(REPORT_DETAILS_MAX + 1) }).success).toBe(false);
  });

  it('needs details when the reason is "other"', () => {
    const vague = report({ reason: 'other', details: '   ' });
    expect(vague.error?.issues[0]).toMatchObject({ path: ['details'], message: REPORT_DETAILS_NEEDED });
    expect(report({ reason: 'other', details: 'Impersonates me' }).success).toBe(true);
  });
});

describe('a decision', () => {
  it('needs a length for a suspension, from 1 hour to a year', () => {
    expect(ModerationDecisionSchema.safeParse({ action: 'suspend' }).error?.issues[0]?.path).toEqual(['hours']);
    expect(ModerationDecisionSchema.safeParse({ action: 'suspend', hours: 0 }).success).toBe(false);
    expect(ModerationDecisionSchema.safeParse({ action: 'suspend', hours: SUSPENSION_MAX_HOURS }).success).toBe(true);
    expect(ModerationDecisionSchema.safeParse({ action: 'suspend', hours: SUSPENSION_MAX_HOURS + 1 }).success).toBe(false);
    expect(ModerationDecisionSchema.parse({ action: 'ban' })).toEqual({ action: 'ban', note: '' });
  });
});

describe('messages', () => {
  it('say until when a suspension holds, in UTC, and what was removed', () => {
    expect(suspendedMessage('2026-01-02T03:04:59.000Z')).toBe(
      'Your account is suspended until 2026-01-02 03:04 UTC: you cannot post, comment, chat or stream until then.',
    );
    expect(removedMessage('chat_message')).toBe('This message was removed for breaking Glint’s rules.');
  });
});
