import { createSolanaRpc, signature as toSignature } from '@solana/kit';
import { PAYMENT_FAILURES, paymentIdOfMemo } from '../../../shared/payments/payments.js';
import { readTransaction } from '../../../shared/payments/solana-tx.js';

export type Commitment = 'confirmed' | 'finalized';

/** What one look at the chain tells about a payment's signature. */
export type ChainCheck =
  | { state: 'unseen' }
  /** `namedPayments`: when the memo names other payments, their ids (the transaction may be theirs). */
  | { state: 'failed'; reason: string; namedPayments?: string[] }
  | { state: 'matches'; commitment: Commitment; payerWallet: string };

export interface ExpectedPayment {
  signature: string;
  payerWallet: string;
  payeeWallet: string;
  lamports: bigint;
  memo: string;
}

/**
 * Whether a transaction (its wire bytes, as the chain holds it) pays exactly what was expected:
 * signed as `signature` by the payer's wallet (its fee payer), transfers from the payer's wallet
 * to the payee's summing to `lamports`, and a memo that names this payment. A memo that names
 * other payments says which (`namedPayments`). Pure: unit-tested without a chain.
 */
export function matchPayment(wire: Uint8Array, expected: ExpectedPayment): { ok: true } | { ok: false; reason: string; namedPayments?: string[] } {
  let tx;
  try {
    tx = readTransaction(wire);
  } catch {
    return { ok: false, reason: PAYMENT_FAILURES.unreadable };
  }
  if (tx.usesLookupTables || tx.signature !== expected.signature) return { ok: false, reason: PAYMENT_FAILURES.unreadable };
  if (!tx.memos.includes(expected.memo)) {
    const named = tx.memos.map(paymentIdOfMemo).filter((id): id is string => !!id);
    return { ok: false, reason: PAYMENT_FAILURES.wrongMemo, ...(named.length ? { namedPayments: named } : {}) };
  }
  // The payer's wallet signs it (the fee payer is the first signer): a transfer someone else signed is not theirs.
  if (tx.feePayer !== expected.payerWallet) return { ok: false, reason: PAYMENT_FAILURES.wrongSender };
  const toPayee = tx.transfers.filter((t) => t.destination === expected.payeeWallet);
  if (toPayee.length === 0) return { ok: false, reason: PAYMENT_FAILURES.wrongRecipient };
  if (toPayee.some((t) => t.source !== expected.payerWallet)) return { ok: false, reason: PAYMENT_FAILURES.wrongSender };
  const paid = toPayee.reduce((sum, t) => sum + t.lamports, 0n);
  if (paid !== expected.lamports) return { ok: false, reason: PAYMENT_FAILURES.wrongAmount };
  return { ok: true };
}

export interface Chain {
  latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: bigint }>;
  /** Looks the payment's signature up: not seen yet, failed (and why), or a match at some commitment. */
  check(expected: ExpectedPayment): Promise<ChainCheck>;
}

/** Solana JSON-RPC at `rpcUrl`, through @solana/kit. */
export function createChain(rpcUrl: string): Chain {
  const rpc = createSolanaRpc(rpcUrl);
  return {
    async latestBlockhash() {
      const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
      return { blockhash: value.blockhash, lastValidBlockHeight: value.lastValidBlockHeight };
    },
    async check(expected) {
      const sig = toSignature(expected.signature);
      const { value } = await rpc.getSignatureStatuses([sig], { searchTransactionHistory: true }).send();
      const status = value[0];
      if (!status || status.confirmationStatus === 'processed' || !status.confirmationStatus) return { state: 'unseen' };
      if (status.err) return { state: 'failed', reason: PAYMENT_FAILURES.failedOnChain };
      const commitment: Commitment = status.confirmationStatus === 'finalized' ? 'finalized' : 'confirmed';
      const tx = await rpc.getTransaction(sig, { commitment, encoding: 'base64', maxSupportedTransactionVersion: 0 }).send();
      if (!tx) return { state: 'unseen' };
      if (tx.meta?.err) return { state: 'failed', reason: PAYMENT_FAILURES.failedOnChain };
      const match = matchPayment(new Uint8Array(Buffer.from(tx.transaction[0], 'base64')), expected);
      if (match.ok) return { state: 'matches', commitment, payerWallet: expected.payerWallet };
      return { state: 'failed', reason: match.reason, ...(match.namedPayments ? { namedPayments: match.namedPayments } : {}) };
    },
  };
}
