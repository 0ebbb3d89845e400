import bs58 from 'bs58';
import { getTransactionDecoder, getTransactionEncoder, type Address, type Transaction, type TransactionModifyingSigner } from '@solana/kit';
import { x402Client, x402HTTPClient } from '@x402/core/client';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { GENERIC_ERROR_MESSAGE } from '../../../shared/platform/errors';
import type { PhantomProvider } from '../wallet/phantom-provider';

/**
 * Unlocking a priced video in the browser, with the x402 packages (protocol v2): ask for the
 * media, read the 402's requirements, have Phantom sign the USDC transfer they describe (sign,
 * not send: the facilitator adds the fee payer's signature and sends it), and ask again with the
 * payment. Loaded on the first click on "Unlock", never with the app.
 */

export class UnlockError extends Error {}

export const UNLOCK_CANCELLED = 'Payment cancelled in Phantom. Nothing was paid.';
export const UNLOCK_NOT_SIGNED = 'Phantom did not sign the payment. Nothing was paid; please try again.';
export const UNLOCK_PRICE_CHANGED = 'The price of this video has just changed. Check the new price and try again. Nothing was paid.';

/** What Phantom answered to `signTransaction`, as the signed transaction (Phantom may answer the transaction or only its signature). */
export function signedByPhantom(answer: unknown, original: Transaction, signer: string): Transaction {
  const a = answer as { transaction?: unknown; signedTransaction?: unknown; signature?: unknown } | string | Uint8Array | null | undefined;
  const bytesOf = (v: unknown): Uint8Array | undefined =>
    typeof v === 'string' ? new Uint8Array(bs58.decode(v)) : v instanceof Uint8Array || Array.isArray(v) ? new Uint8Array(v as ArrayLike<number>) : undefined;
  const whole = a && typeof a === 'object' && !(a instanceof Uint8Array) ? (a.transaction ?? a.signedTransaction) : a;
  const sigOnly = a && typeof a === 'object' && !(a instanceof Uint8Array) ? a.signature : undefined;
  const wire = bytesOf(whole);
  if (wire && wire.length !== 64) {
    const tx = getTransactionDecoder().decode(wire) as Transaction;
    const signature = tx.signatures[signer as Address];
    if (!signature || signature.every((b) => b === 0)) throw new UnlockError(UNLOCK_NOT_SIGNED);
    // Phantom's transaction, with what kit knows of the original beside its bytes (its lifetime).
    return { ...original, messageBytes: tx.messageBytes, signatures: tx.signatures } as Transaction;
  }
  const signature = wire ?? bytesOf(sigOnly);
  if (!signature || signature.length !== 64) throw new UnlockError(UNLOCK_NOT_SIGNED);
  return { ...original, signatures: { ...original.signatures, [signer]: signature as Transaction['signatures'][Address] } } as Transaction;
}

/** A @solana/kit signer for the payer's part of the payment, signed by Phantom (`signTransaction`, request API, base58 wire bytes). */
export function phantomSigner(address: string, provider: PhantomProvider): TransactionModifyingSigner {
  return {
    address: address as Address,
    async modifyAndSignTransactions(transactions) {
      const out = [];
      for (const tx of transactions) {
        if (typeof provider.request !== 'function') throw new UnlockError(UNLOCK_NOT_SIGNED);
        const wire = new Uint8Array(getTransactionEncoder().encode(tx as Transaction));
        const answer = await provider.request({ method: 'signTransaction', params: { message: bs58.encode(wire) } });
        out.push(signedByPhantom(answer, tx as Transaction, address));
      }
      return out as unknown as Awaited<ReturnType<TransactionModifyingSigner['modifyAndSignTransactions']>>;
    },
  };
}

const isCancel = (error: unknown): boolean => {
  const e = error as { code?: unknown; cause?: unknown } | null;
  return e?.code === 4001 || (!!e?.cause && isCancel(e.cause));
};

export interface UnlockRequest {
  videoId: string;
  /** The price the viewer agreed to, in micro-USDC: a payment for anything else is not signed. */
  priceMicroUsdc: number;
  address: string;
  provider: PhantomProvider;
  /** The steps as they happen, for the screen. */
  onStep?: (step: 'asking' | 'signing' | 'settling') => void;
  fetchImpl?: typeof fetch;
  /** Where the x402 client reads the mint: Glint's read-only relay to its cluster. */
  rpcUrl?: string;
}

export interface Unlocked {
  /** The settlement transaction; null when the video was already the viewer's. */
  transaction: string | null;
}

async function messageOf(res: Response): Promise<{ code?: string; message: string }> {
  try {
    const body = (await res.json()) as { code?: string; message?: string };
    return { code: body.code, message: body.message ?? GENERIC_ERROR_MESSAGE };
  } catch {
    return { message: GENERIC_ERROR_MESSAGE };
  }
}

export async function unlockVideo(req: UnlockRequest): Promise<Unlocked> {
  const fetchImpl = req.fetchImpl ?? fetch;
  const url = `/api/videos/${req.videoId}/paid/master.m3u8`;
  const rpcUrl = req.rpcUrl ?? `${window.location.origin}/api/x402/rpc`;
  const client = new x402Client()
    .register('solana:*', new ExactSvmScheme(phantomSigner(req.address, req.provider), { rpcUrl }))
    // The viewer confirmed the price on screen: that is the cap, and the only amount signed.
    .setSpendControls(false)
    .registerPolicy((_version, reqs) => reqs.filter((r) => r.scheme === 'exact' && r.amount === String(req.priceMicroUsdc)));
  const http = new x402HTTPClient(client);

  req.onStep?.('asking');
  const first = await fetchImpl(url, { credentials: 'same-origin' });
  if (first.ok) return { transaction: null };
  if (first.status !== 402) throw new UnlockError((await messageOf(first)).message);
  const body: unknown = await first.json().catch(() => undefined);
  const required = http.getPaymentRequiredResponse((name) => first.headers.get(name), body);

  req.onStep?.('signing');
  let payload;
  try {
    payload = await http.createPaymentPayload(required);
  } catch (error) {
    if (isCancel(error)) throw new UnlockError(UNLOCK_CANCELLED);
    if (error instanceof UnlockError) throw error;
    if (error instanceof Error && error.message.includes('filtered out by policies')) throw new UnlockError(UNLOCK_PRICE_CHANGED);
    throw new UnlockError('The payment could not be prepared. Nothing was paid; please try again.');
  }

  req.onStep?.('settling');
  const paid = await fetchImpl(url, { credentials: 'same-origin', headers: http.encodePaymentSignatureHeader(payload) });
  if (paid.ok) return { transaction: http.getPaymentSettleResponse((name) => paid.headers.get(name)).transaction || null };
  const refused = await messageOf(paid);
  if (paid.status === 409 && refused.code === 'already_unlocked') return { transaction: null };
  throw new UnlockError(refused.message);
}
