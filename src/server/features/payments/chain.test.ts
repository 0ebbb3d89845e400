import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FAILURES, paymentMemo } from '../../../shared/payments/payments.js';
import { buildTransferTransaction, readTransaction } from '../../../shared/payments/solana-tx.js';
import { startLocalChain, type LocalChain } from '../../test-support/local-chain.js';
import { TestWallet } from '../../test-support/wallet.js';
import { createChain, matchPayment, type Chain } from './chain.js';

let local: LocalChain;
let chain: Chain;
const payer = new TestWallet();
const payee = new TestWallet();
const SOL = 1_000_000_000n;

beforeAll(async () => {
  local = await startLocalChain();
  chain = createChain(local.url);
  local.airdrop(payer.address, 10n * SOL);
});
afterAll(() => local.close());

/** Phantom's part: build, sign and send a transfer with a memo; the signature comes back. */
async function pay(opts: { to?: string; lamports?: bigint; memo?: string; from?: TestWallet; skipPreflight?: boolean }) {
  const from = opts.from ?? payer;
  const { blockhash, lastValidBlockHeight } = await chain.latestBlockhash();
  const wire = buildTransferTransaction({
    from: from.address,
    to: opts.to ?? payee.address,
    lamports: opts.lamports ?? SOL / 10n,
    memo: opts.memo ?? paymentMemo('11111111-2222-4333-8444-555555555555'),
    blockhash,
    lastValidBlockHeight,
  });
  return local.send(local.sign(wire, from.secretKey), { skipPreflight: opts.skipPreflight });
}

const expected = (signature: string, over: Partial<{ lamports: bigint; memo: string; payeeWallet: string; payerWallet: string }> = {}) => ({
  signature,
  payerWallet: payer.address,
  payeeWallet: payee.address,
  lamports: SOL / 10n,
  memo: paymentMemo('11111111-2222-4333-8444-555555555555'),
  ...over,
});

describe('a transfer with a memo', () => {
  it('reads back as built: source, destination, lamports, memo', () => {
    const wire = buildTransferTransaction({
      from: payer.address,
      to: payee.address,
      lamports: 42n,
      memo: 'glint:x',
      blockhash: '11111111111111111111111111111111',
      lastValidBlockHeight: 9n,
    });
    expect(readTransaction(wire)).toMatchObject({
      signature: null,
      feePayer: payer.address,
      transfers: [{ source: payer.address, destination: payee.address, lamports: 42n }],
      memos: ['glint:x'],
      usesLookupTables: false,
    });
    expect(matchPayment(new Uint8Array([1, 2, 3]), expected('x'))).toEqual({ ok: false, reason: PAYMENT_FAILURES.unreadable });
  });
});

describe('checking a payment on chain', () => {
  it('matches a good payment, and moves the SOL', async () => {
    const before = local.balance(payee.address);
    const sig = await pay({});
    expect(await chain.check(expected(sig))).toEqual({ state: 'matches', commitment: 'finalized', payerWallet: payer.address });
    expect(local.balance(payee.address) - before).toBe(SOL / 10n);
  });

  it('refuses a wrong recipient, a short amount, a memo for another payment, another sender', async () => {
    const other = new TestWallet();
    expect(await chain.check(expected(await pay({ to: other.address })))).toEqual({ state: 'failed', reason: PAYMENT_FAILURES.wrongRecipient });
    expect(await chain.check(expected(await pay({ lamports: SOL / 20n })))).toEqual({ state: 'failed', reason: PAYMENT_FAILURES.wrongAmount });
    expect(await chain.check(expected(await pay({ memo: paymentMemo('99999999-2222-4333-8444-555555555555') })))).toEqual({
      state: 'failed',
      reason: PAYMENT_FAILURES.wrongMemo,
      // The payment the transaction is for, named so it can be given to it.
      namedPayments: ['99999999-2222-4333-8444-555555555555'],
    });
    local.airdrop(other.address, SOL);
    expect(await chain.check(expected(await pay({ from: other })))).toEqual({ state: 'failed', reason: PAYMENT_FAILURES.wrongSender });
  });

  it('reports a transaction that failed on chain, and one it has never seen', async () => {
    const broke = new TestWallet();
    local.airdrop(broke.address, SOL / 100n);
    const sig = await pay({ from: broke, lamports: SOL, skipPreflight: true });
    expect(await chain.check(expected(sig, { payerWallet: broke.address, lamports: SOL }))).toEqual({
      state: 'failed',
      reason: PAYMENT_FAILURES.failedOnChain,
    });
    expect(await chain.check(expected('5'.repeat(87)))).toEqual({ state: 'unseen' });
  });

  it('sees a payment at confirmed first, then finalized', async () => {
    local.holdFinality = true;
    try {
      const sig = await pay({});
      expect(await chain.check(expected(sig))).toMatchObject({ state: 'matches', commitment: 'confirmed' });
      local.finalize();
      expect(await chain.check(expected(sig))).toMatchObject({ state: 'matches', commitment: 'finalized' });
    } finally {
      local.holdFinality = false;
    }
  });
});
