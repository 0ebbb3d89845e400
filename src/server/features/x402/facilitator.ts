import { createKeyPairSignerFromBytes } from '@solana/kit';
import { x402Facilitator } from '@x402/core/facilitator';
import { HTTPFacilitatorClient, type FacilitatorClient } from '@x402/core/server';
import type { Network } from '@x402/core/types';
import { toFacilitatorSvmSigner } from '@x402/svm';
import { registerExactSvmScheme } from '@x402/svm/exact/facilitator';

export interface FacilitatorSetup {
  client: FacilitatorClient;
  kind: 'glint' | 'external';
  /** The fee payer's address when Glint is the facilitator. */
  feePayer?: string;
}

/**
 * The facilitator that verifies and settles payments. By default Glint itself, with the x402
 * package's own exact-scheme facilitator for Solana: it checks the transaction (a USDC
 * `TransferChecked` of the exact amount to the payee's token account, nothing else the fee payer
 * pays for), simulates it, co-signs it as the fee payer and sends it to `rpcUrl`, then waits for
 * `confirmed`. With `X402_FACILITATOR_URL`, an external facilitator over HTTP does the same.
 */
export async function createFacilitator(opts: {
  network: Network;
  rpcUrl: string;
  url?: string | undefined;
  key?: Uint8Array | undefined;
}): Promise<FacilitatorSetup | undefined> {
  if (opts.url) return { client: new HTTPFacilitatorClient({ url: opts.url, timeoutMs: 60_000 }), kind: 'external' };
  if (!opts.key) return undefined;
  const keypair = await createKeyPairSignerFromBytes(opts.key);
  const facilitator = new x402Facilitator();
  registerExactSvmScheme(facilitator, { signer: toFacilitatorSvmSigner(keypair, { defaultRpcUrl: opts.rpcUrl }), networks: opts.network });
  const client: FacilitatorClient = {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => facilitator.getSupported() as Awaited<ReturnType<FacilitatorClient['getSupported']>>,
  };
  return { client, kind: 'glint', feePayer: keypair.address };
}
