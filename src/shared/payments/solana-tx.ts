// SOL transfers with a memo, as bytes: built in the browser for Phantom to sign and send, read on
// the server to verify what a transaction paid. Only @solana/kit's codecs; no network here.
import {
  address,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports as toLamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { getAddMemoInstruction, LEGACY_MEMO_PROGRAM_ADDRESS_V3, SUPPORTED_MEMO_PROGRAM_ADDRESSES } from '@solana-program/memo';
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';

/**
 * The SPL Memo program every cluster and wallet knows (`MemoSq4g…`, version 3); the package's
 * newest address is not deployed everywhere yet.
 */
const MEMO_PROGRAM = LEGACY_MEMO_PROGRAM_ADDRESS_V3;

export interface TransferRequest {
  from: string;
  to: string;
  lamports: bigint;
  memo: string;
  blockhash: string;
  lastValidBlockHeight: bigint;
}

/** An unsigned transaction (wire bytes, signature slot empty): `from` pays `to`, with `memo`. */
export function buildTransferTransaction(r: TransferRequest): Uint8Array {
  const payer = createNoopSigner(address(r.from));
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: toBlockhash(r.blockhash), lastValidBlockHeight: r.lastValidBlockHeight }, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({ source: payer, destination: address(r.to), amount: toLamports(r.lamports) }),
          getAddMemoInstruction({ memo: r.memo }, { programAddress: MEMO_PROGRAM }),
        ],
        m,
      ),
  );
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
}

export interface ReadTransaction {
  /** The first signature (the transaction's id), base58; null when unsigned. */
  signature: string | null;
  feePayer: string;
  transfers: { source: string; destination: string; lamports: bigint }[];
  memos: string[];
  /** Address lookup tables hide accounts from the bytes alone: such a transaction is not read. */
  usesLookupTables: boolean;
}

const TRANSFER_SOL = 2;

/** What a wire transaction pays and says: its system transfers and memos. Throws on bytes that are not a transaction. */
export function readTransaction(wire: Uint8Array): ReadTransaction {
  const tx = getTransactionDecoder().decode(wire);
  const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  // Legacy and v0 messages; a newer layout is not one Glint builds.
  if (!('instructions' in message)) throw new Error('Unsupported transaction version');
  const keys = message.staticAccounts.map(String);
  const firstSig = Object.values(tx.signatures)[0];
  const signature = firstSig && firstSig.some((b) => b !== 0) ? getBase58Decoder().decode(firstSig) : null;
  const transfers: ReadTransaction['transfers'] = [];
  const memos: string[] = [];
  const memoPrograms = new Set<string>(SUPPORTED_MEMO_PROGRAM_ADDRESSES);
  for (const ix of message.instructions) {
    const program = keys[ix.programAddressIndex];
    const data = ix.data ?? new Uint8Array();
    const accounts = (ix.accountIndices ?? []).map((i: number) => keys[i]);
    if (program === SYSTEM_PROGRAM_ADDRESS && data.length === 12) {
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (view.getUint32(0, true) === TRANSFER_SOL && accounts[0] && accounts[1]) {
        transfers.push({ source: accounts[0], destination: accounts[1], lamports: view.getBigUint64(4, true) });
      }
    } else if (program && memoPrograms.has(program)) {
      memos.push(new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(data)));
    }
  }
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
  return { signature, feePayer: keys[0] ?? '', transfers, memos, usesLookupTables: lookups.length > 0 };
}
