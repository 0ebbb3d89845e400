// A token launched for real on the local chain: a wallet creates a Token-2022 mint that carries
// its own metadata (name, symbol, URI), in one signed transaction sent over JSON-RPC, as a
// launchpad or a CLI does. Tests only.
import {
  address,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  extension,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMintInstruction,
  getMintToInstruction,
  getMintSize,
  getPostInitializeInstructionsForMintExtensions,
  getPreInitializeInstructionsForMintExtensions,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@solana-program/token-2022';
import { rpcCall } from './local-chain.js';

export interface LaunchedToken {
  mint: string;
  signature: string;
}

/**
 * `creator` (a wallet's 32-byte secret key; it pays, and becomes mint and metadata authority)
 * launches a Token-2022 coin with its metadata in the mint. The wallet needs SOL for rent and fees.
 */
export async function launchToken(
  chainUrl: string,
  creator: Uint8Array,
  meta: { name: string; symbol: string; uri?: string; decimals?: number },
): Promise<LaunchedToken> {
  const payer = await createKeyPairSignerFromPrivateKeyBytes(creator);
  const mint = await generateKeyPairSigner();
  const pointer = extension('MetadataPointer', { authority: payer.address, metadataAddress: mint.address });
  const metadata = extension('TokenMetadata', {
    updateAuthority: payer.address,
    mint: mint.address,
    name: meta.name,
    symbol: meta.symbol,
    uri: meta.uri ?? '',
    additionalMetadata: new Map(),
  });
  // The account starts the size of the mint and its pointer; the metadata grows it, paid for up front.
  const space = getMintSize([pointer]);
  const rent = await rpcCall<number>(chainUrl, 'getMinimumBalanceForRentExemption', [getMintSize([pointer, metadata])]);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getCreateAccountInstruction({ payer, newAccount: mint, lamports: BigInt(rent), space, programAddress: TOKEN_2022_PROGRAM_ADDRESS }),
          ...getPreInitializeInstructionsForMintExtensions(mint.address, [pointer]),
          getInitializeMintInstruction({ mint: mint.address, decimals: meta.decimals ?? 6, mintAuthority: payer.address, freezeAuthority: null }),
          ...getPostInitializeInstructionsForMintExtensions(mint.address, payer, [metadata]),
        ],
        m,
      ),
  );
  return { mint: mint.address, signature: await signAndSend(chainUrl, message) };
}

/**
 * The coin's creator (its mint authority, `authority` its 32-byte secret key) mints `amount` base
 * units to `to`'s associated token account, opening it if need be: how a holder gets a launch's coins here.
 */
export async function mintTokens(chainUrl: string, authority: Uint8Array, mint: string, to: string, amount: bigint): Promise<string> {
  const payer = await createKeyPairSignerFromPrivateKeyBytes(authority);
  const [ata] = await findAssociatedTokenPda({ owner: address(to), mint: address(mint), tokenProgram: TOKEN_2022_PROGRAM_ADDRESS });
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner: address(to), mint: address(mint), tokenProgram: TOKEN_2022_PROGRAM_ADDRESS }),
          getMintToInstruction({ mint: address(mint), token: ata, mintAuthority: payer, amount }),
        ],
        m,
      ),
  );
  return signAndSend(chainUrl, message);
}

/** Gives a message a recent blockhash, signs it with the signers it names and sends it; its signature. */
async function signAndSend(
  chainUrl: string,
  message: Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[1] & Parameters<typeof signTransactionMessageWithSigners>[0],
): Promise<string> {
  const { value } = await rpcCall<{ value: { blockhash: string; lastValidBlockHeight: number } }>(chainUrl, 'getLatestBlockhash', []);
  const withLifetime = setTransactionMessageLifetimeUsingBlockhash(
    { blockhash: toBlockhash(value.blockhash), lastValidBlockHeight: BigInt(value.lastValidBlockHeight) },
    message,
  );
  const signed = await signTransactionMessageWithSigners(withLifetime);
  return rpcCall<string>(chainUrl, 'sendTransaction', [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }]);
}
