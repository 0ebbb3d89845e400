import bs58 from 'bs58';
import { solToLamports } from '../../../shared/payments/sol';
import type { LatestBlockhash, Payment } from '../../../shared/payments/payments';
import { buildTransferTransaction } from '../../../shared/payments/solana-tx';
import { api } from '../../lib/api';
import { connectPhantom, type ConnectedWallet } from '../wallet/phantom';
import { browserHost } from '../wallet/phantom-provider';

/** The payer closed Phantom's prompt, or Phantom could not send: said plainly, nothing was paid. */
export const PAY_CANCELLED = 'Payment cancelled in Phantom. Nothing was sent.';
export const PAY_NOT_SENT = 'Phantom could not send the transaction. Nothing was paid; please try again.';

export class PayError extends Error {}

/** Connects Phantom: the wallet the payment comes from. */
export function connectPayer(): Promise<ConnectedWallet> {
  return connectPhantom({ host: browserHost });
}

function signatureOf(answer: unknown): string | undefined {
  const sig = (answer as { signature?: unknown } | undefined)?.signature;
  if (typeof sig === 'string') return sig;
  if (sig instanceof Uint8Array) return bs58.encode(sig);
  return undefined;
}

/**
 * Pays an open payment from Phantom: a SOL transfer from the connected wallet to the payee's, with
 * the payment's memo, on a fresh blockhash of the server's cluster. Phantom signs and sends it;
 * the server is then told the signature and verifies the transaction on chain.
 */
export async function payWithPhantom(wallet: ConnectedWallet, payment: Payment): Promise<Payment> {
  const { blockhash, lastValidBlockHeight } = await api<LatestBlockhash>('/api/chain/blockhash');
  const wire = buildTransferTransaction({
    from: wallet.address,
    to: payment.payeeWallet,
    lamports: solToLamports(payment.amountSol),
    memo: payment.memo,
    blockhash,
    lastValidBlockHeight: BigInt(lastValidBlockHeight),
  });
  if (typeof wallet.provider.request !== 'function') throw new PayError(PAY_NOT_SENT);
  let answer: unknown;
  try {
    answer = await wallet.provider.request({ method: 'signAndSendTransaction', params: { message: bs58.encode(wire) } });
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    throw new PayError(code === 4001 ? PAY_CANCELLED : PAY_NOT_SENT);
  }
  const signature = signatureOf(answer);
  if (!signature) throw new PayError(PAY_NOT_SENT);
  return api<Payment>(`/api/payments/${payment.id}/signature`, { method: 'POST', json: { signature } });
}
