import { describe, expect, it } from 'vitest';
import { BOUNTY_MAX_DAYS, CreateBountySchema, CreateClaimSchema, reviewEnd, BOUNTY_REVIEW_DAYS } from './bounties.js';
import { notificationTarget } from '../notifications/notification-rules.js';

const DAY = 86_400_000;
const base = { title: 'Explain IL', description: 'A short that explains it.', rewardSol: '0.5', category: 'Education' };
const problem = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error!.issues[0]!.message);

describe('posting a bounty', () => {
  it('keeps the reward exact and the category as its slug', () => {
    const ok = CreateBountySchema.parse({ ...base, rewardSol: ' 1.000000001 ', deadline: new Date(Date.now() + DAY).toISOString() });
    expect(ok).toMatchObject({ rewardSol: '1.000000001', category: 'education' });
  });

  it('says why a reward or deadline is refused', () => {
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    expect(problem(CreateBountySchema.safeParse({ ...base, rewardSol: '0.001', deadline: at(DAY) }))).toBe('The smallest amount is 0.01 SOL');
    expect(problem(CreateBountySchema.safeParse({ ...base, rewardSol: '1001', deadline: at(DAY) }))).toBe('The largest amount is 1000 SOL');
    expect(problem(CreateBountySchema.safeParse({ ...base, deadline: at(-DAY) }))).toBe('The deadline must be at least 1 hour from now');
    expect(problem(CreateBountySchema.safeParse({ ...base, deadline: at((BOUNTY_MAX_DAYS + 1) * DAY) }))).toBe(
      `The deadline can be at most ${BOUNTY_MAX_DAYS} days from now`,
    );
  });
});

describe('claims', () => {
  it('take a stream, video or short by id, and an optional note', () => {
    const id = '2f1c9a8e-3b4d-4e5f-8a6b-7c8d9e0f1a2b';
    expect(CreateClaimSchema.parse({ content: { type: 'livestream', id } })).toEqual({ content: { type: 'livestream', id }, note: '' });
    expect(CreateClaimSchema.safeParse({ content: { type: 'profile', id } }).success).toBe(false);
  });

  it('can be approved until the review window after the deadline ends', () => {
    expect(reviewEnd('2026-01-01T00:00:00.000Z').getTime() - Date.parse('2026-01-01T00:00:00.000Z')).toBe(BOUNTY_REVIEW_DAYS * DAY);
  });
});

it('a bounty notification opens the bounty’s page', () => {
  expect(notificationTarget({ type: 'bounty_claim', contentId: 'b1', contentType: 'bounty', actor: null })).toBe('/bounties/b1');
});
