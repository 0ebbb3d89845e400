import { ed25519 } from '@noble/curves/ed25519.js';
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Transaction,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { signedByPhantom, UNLOCK_NOT_SIGNED } from './unlock';

const secret = ed25519.utils.randomSecretKey();
const payer = bs58.encode(ed25519.getPublicKey(secret));
const feePayer = bs58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));

/** A transaction another party pays the fees of, where the payer signs second (as in x402 on Solana). */
function unsigned(): Transaction {
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(address(feePayer), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 10n }, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: createNoopSigner(address(payer)), destination: address(feePayer), amount: 1n }),
          m,
        ),
    ),
  );
}

describe("Phantom's signTransaction answer", () => {
  it('takes a signature alone and puts it in the payer’s place', () => {
    const tx = unsigned();
    const sig = ed25519.sign(new Uint8Array(tx.messageBytes), secret);
    const signed = signedByPhantom({ signature: bs58.encode(sig), publicKey: payer }, tx, payer);
    expect(signed.signatures[address(payer)]).toEqual(sig);
    expect(signed.messageBytes).toEqual(tx.messageBytes);
  });

  it('takes the signed transaction, as base58 wire bytes', () => {
    const tx = unsigned();
    const sig = ed25519.sign(new Uint8Array(tx.messageBytes), secret);
    const wire = getTransactionEncoder().encode({ ...tx, signatures: { ...tx.signatures, [payer]: sig } } as Transaction);
    const signed = signedByPhantom({ transaction: bs58.encode(new Uint8Array(wire)) }, tx, payer);
    expect(signed.signatures[address(payer)]).toEqual(sig);
  });

  it('refuses an answer without the payer’s signature', () => {
    const tx = unsigned();
    expect(() => signedByPhantom({}, tx, payer)).toThrow(UNLOCK_NOT_SIGNED);
    expect(() => signedByPhantom({ signature: 'abc' }, tx, payer)).toThrow(UNLOCK_NOT_SIGNED);
    const wire = getTransactionEncoder().encode(tx);
    expect(() => signedByPhantom({ transaction: bs58.encode(new Uint8Array(wire)) }, tx, payer)).toThrow(UNLOCK_NOT_SIGNED);
  });
});
