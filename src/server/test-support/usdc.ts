// USDC on the local chain, by real transactions: the mint authority creates token accounts
// (associated token accounts, idempotently) and mints to them, signed and sent over JSON-RPC as a
// faucet would on devnet. Tests only.
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  address,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstructionAsync, getMintToInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { rpcCall } from './local-chain.js';

/** Devnet's USDC mint: the local chain puts its USDC-like mint there, as Glint expects on `localnet`. */
export const LOCAL_USDC_MINT = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';

/** 1.5 -> 1_500_000n (6 decimals). */
export const usdc = (n: number) => BigInt(Math.round(n * 1_000_000));

/**
 * Gives each owner a token account of `mint` and `amount` on it (0 just opens the account),
 * in one transaction signed by the mint authority (`authoritySecret`, 64 bytes), which pays the fees.
 */
export async function fundTokens(rpcUrl: string, authoritySecret: Uint8Array, mint: string, grants: { owner: string; amount: bigint }[]): Promise<string> {
  const authority = await createKeyPairSignerFromBytes(authoritySecret);
  const instructions: Instruction[] = [];
  for (const { owner, amount } of grants) {
    instructions.push(await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: authority, owner: address(owner), mint: address(mint) }));
    if (amount > 0n) {
      const [token] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS });
      instructions.push(getMintToInstruction({ mint: address(mint), token, mintAuthority: authority, amount }));
    }
  }
  const { value } = await rpcCall<{ value: { blockhash: string; lastValidBlockHeight: number } }>(rpcUrl, 'getLatestBlockhash', []);
  const tx = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(authority, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash({ blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
  return rpcCall<string>(rpcUrl, 'sendTransaction', [getBase64EncodedWireTransaction(tx), { encoding: 'base64' }]);
}

/** `owner`'s balance of `mint`, read over JSON-RPC as a wallet does (0n without a token account). */
export async function tokenBalanceOf(rpcUrl: string, owner: string, mint: string): Promise<bigint> {
  const [token] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS });
  try {
    const { value } = await rpcCall<{ value: { amount: string } }>(rpcUrl, 'getTokenAccountBalance', [token]);
    return BigInt(value.amount);
  } catch {
    return 0n;
  }
}
