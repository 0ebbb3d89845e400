import { describe, expect, it } from 'vitest';
import type { Payment } from '../../../shared/payments/payments';
import { isPaying, payIdle, payReducer, type PayState } from './pay-machine';

const payment = (over: Partial<Payment> = {}): Payment => ({
  id: 'p1',
  kind: 'bounty',
  status: 'created',
  amountSol: '0.5',
  message: '',
  failure: null,
  signature: null,
  memo: 'glint:p1',
  payerWallet: 'A',
  payeeWallet: 'B',
  payee: { id: 'c', username: 'c', displayName: 'C', avatarUrl: null, verificationType: 'none' },
  payer: { id: 'p', username: 'p', displayName: 'P', avatarUrl: null, verificationType: 'none' },
  contentType: null,
  contentId: null,
  bountyId: 'b1',
  createdAt: '2026-01-01T00:00:00.000Z',
  finalizedAt: null,
  explorerUrl: null,
  ...over,
});

const run = (...events: Parameters<typeof payReducer>[1][]) => events.reduce<PayState>(payReducer, payIdle);

describe('paying a reward', () => {
  it('goes connecting, opening, signing, pending, confirmed, finalized', () => {
    const steps: PayState['status'][] = [];
    let s = payIdle;
    for (const e of [
      { type: 'start' },
      { type: 'connected', wallet: 'A' },
      { type: 'opened', payment: payment() },
      { type: 'report', payment: payment({ status: 'pending', signature: 'sig' }) },
      { type: 'report', payment: payment({ status: 'confirmed', signature: 'sig' }) },
      { type: 'report', payment: payment({ status: 'finalized', signature: 'sig' }) },
    ] as const) {
      s = payReducer(s, e);
      steps.push(s.status);
    }
    expect(steps).toEqual(['connecting', 'opening', 'signing', 'pending', 'confirmed', 'finalized']);
  });

  it('fails with the chain’s reason, or with why nothing was sent', () => {
    const onChain = run(
      { type: 'start' },
      { type: 'connected', wallet: 'A' },
      { type: 'opened', payment: payment() },
      {
        type: 'report',
        payment: payment({ status: 'failed', failure: 'The transaction sends a different amount than this payment.' }),
      },
    );
    expect(onChain).toMatchObject({ status: 'failed', reason: 'The transaction sends a different amount than this payment.' });
    const cancelled = run(
      { type: 'start' },
      { type: 'connected', wallet: 'A' },
      { type: 'opened', payment: payment() },
      { type: 'failed', reason: 'Payment cancelled' },
    );
    expect(cancelled).toMatchObject({ status: 'failed', reason: 'Payment cancelled', payment: { id: 'p1' } });
    expect(payReducer(cancelled, { type: 'reset' })).toBe(payIdle);
  });

  it('ignores what does not fit: another payment, a stale report, a second start, a reset while paying', () => {
    const pending = run(
      { type: 'start' },
      { type: 'connected', wallet: 'A' },
      { type: 'opened', payment: payment() },
      { type: 'report', payment: payment({ status: 'confirmed' }) },
    );
    expect(payReducer(pending, { type: 'report', payment: payment({ id: 'other', status: 'failed' }) })).toBe(pending);
    expect(payReducer(pending, { type: 'report', payment: payment({ status: 'pending' }) })).toBe(pending);
    expect(payReducer(pending, { type: 'start' })).toBe(pending);
    expect(payReducer(pending, { type: 'reset' })).toBe(pending);
    expect(isPaying(pending)).toBe(true);
    const done = payReducer(pending, { type: 'report', payment: payment({ status: 'finalized' }) });
    expect(payReducer(done, { type: 'failed', reason: 'late' })).toBe(done);
    expect(payReducer(payIdle, { type: 'connected', wallet: 'A' })).toBe(payIdle);
  });
});
