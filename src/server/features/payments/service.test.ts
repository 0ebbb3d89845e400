import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FAILURES } from '../../../shared/payments/payments.js';
import type { Database } from '../../platform/db/client.js';
import { profiles, user } from '../../platform/db/schema/index.js';
import { createTestDatabase } from '../../test-support/app.js';
import type { Chain, ChainCheck } from './chain.js';
import { advancePayment, createPayment, failStalePayment, getPaymentRow, submitSignature } from './service.js';

// How long a payment is waited for: the chain is held at its boundary by a scripted answer.
let database: Database;
const MIN = 60_000;
const chainSaying = (check: ChainCheck): Chain => ({ latestBlockhash: () => Promise.reject(new Error('unused')), check: async () => check });

beforeAll(async () => {
  database = await createTestDatabase();
  for (const id of ['payer', 'payee']) {
    await database.db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
    await database.db.insert(profiles).values({ id, username: id, displayName: id });
  }
});
afterAll(() => database.close());

let n = 0;
/** A tip from 'payer' to 'payee', not yet paid. */
const newTip = () =>
  createPayment(database.db, { kind: 'tip', payerId: 'payer', payeeId: 'payee', payerWallet: 'A'.repeat(32), payeeWallet: 'B'.repeat(32), lamports: 1000n });

async function submitted() {
  const row = await newTip();
  await submitSignature(database.db, row.id, 'payer', `${++n}`.padStart(88, '5'));
  return (await getPaymentRow(database.db, row.id))!;
}

describe('waiting for a payment on chain', () => {
  it('keeps waiting for an unseen transaction for 3 minutes, then fails it as not found', async () => {
    const p = await submitted();
    const unseen = chainSaying({ state: 'unseen' });
    expect(await advancePayment(database.db, unseen, p.id, new Date(p.submittedAt!.getTime() + 2 * MIN))).toBe('waiting');
    expect(await advancePayment(database.db, unseen, p.id, new Date(p.submittedAt!.getTime() + 4 * MIN))).toBe('failed');
    expect(await getPaymentRow(database.db, p.id)).toMatchObject({ status: 'failed', failure: PAYMENT_FAILURES.notFound });
    // Nothing moves it again.
    expect(await advancePayment(database.db, chainSaying({ state: 'matches', commitment: 'finalized', payerWallet: 'A'.repeat(32) }), p.id)).toBe('done');
  });

  it('fails a transaction confirmed but never finalized after 10 minutes, and one dropped after confirmation', async () => {
    const p = await submitted();
    const confirmed = chainSaying({ state: 'matches', commitment: 'confirmed', payerWallet: 'A'.repeat(32) });
    expect(await advancePayment(database.db, confirmed, p.id, new Date(p.submittedAt!.getTime() + MIN))).toBe('waiting');
    expect((await getPaymentRow(database.db, p.id))!.status).toBe('confirmed');
    expect(await advancePayment(database.db, confirmed, p.id, new Date(p.submittedAt!.getTime() + 11 * MIN))).toBe('failed');
    expect(await getPaymentRow(database.db, p.id)).toMatchObject({ status: 'failed', failure: PAYMENT_FAILURES.notFinal });

    const q = await submitted();
    await advancePayment(database.db, confirmed, q.id, new Date(q.submittedAt!.getTime() + MIN));
    expect(await advancePayment(database.db, chainSaying({ state: 'unseen' }), q.id, new Date(q.submittedAt!.getTime() + 5 * MIN))).toBe('failed');
  });

  it('finalizes exactly once', async () => {
    const p = await submitted();
    const final = chainSaying({ state: 'matches', commitment: 'finalized', payerWallet: 'A'.repeat(32) });
    const results = await Promise.all([advancePayment(database.db, final, p.id), advancePayment(database.db, final, p.id)]);
    expect(results.filter((r) => r === 'finalized')).toHaveLength(1);
  });

  it('a signature reported on two payments: the first the chain shows paying keeps it, the other fails as already used', async () => {
    const p = await submitted();
    const q = await newTip();
    // Only reported on `p`: reporting it on `q` too is allowed, nothing is reserved yet.
    await submitSignature(database.db, q.id, 'payer', p.signature!);
    const final = chainSaying({ state: 'matches', commitment: 'finalized', payerWallet: 'A'.repeat(32) });
    expect(await advancePayment(database.db, final, p.id)).toBe('finalized');
    expect(await advancePayment(database.db, final, q.id)).toBe('failed');
    expect(await getPaymentRow(database.db, q.id)).toMatchObject({ status: 'failed', failure: PAYMENT_FAILURES.usedSignature });
    // The same at confirmed: the second one seen fails at once.
    const a = await submitted();
    const b = await newTip();
    await submitSignature(database.db, b.id, 'payer', a.signature!);
    const confirmed = chainSaying({ state: 'matches', commitment: 'confirmed', payerWallet: 'A'.repeat(32) });
    expect(await advancePayment(database.db, confirmed, a.id)).toBe('waiting');
    expect(await advancePayment(database.db, confirmed, b.id)).toBe('failed');
    expect(await getPaymentRow(database.db, b.id)).toMatchObject({ status: 'failed', failure: PAYMENT_FAILURES.usedSignature });
    // Once verified it is refused up front.
    const r = await newTip();
    await expect(submitSignature(database.db, r.id, 'payer', p.signature!)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('gives up on a payment whose chain could not be checked for 10 minutes, not before', async () => {
    const p = await submitted();
    expect(await failStalePayment(database.db, p.id, new Date(p.submittedAt!.getTime() + 5 * MIN))).toBe(false);
    expect(await failStalePayment(database.db, p.id, new Date(p.submittedAt!.getTime() + 11 * MIN))).toBe(true);
    expect(await getPaymentRow(database.db, p.id)).toMatchObject({ status: 'failed', failure: PAYMENT_FAILURES.unreachable });
  });
});
