// A local Solana for tests: litesvm executes real signed transactions, behind the few JSON-RPC
// methods Glint and its wallet use (getLatestBlockhash, sendTransaction, getSignatureStatuses,
// getTransaction, getBalance). Tests only: the real chain is the one boundary we cannot reach here.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ed25519 } from '@noble/curves/ed25519.js';
import { address, getBase58Decoder, getBase58Encoder, getTransactionDecoder, getTransactionEncoder, lamports, type Transaction } from '@solana/kit';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';

interface Landed {
  wire: Uint8Array;
  slot: bigint;
  err: unknown;
  finalized: boolean;
  blockTime: number;
}

export interface LocalChainOptions {
  /** Keep new transactions at `confirmed` until `finalize()` (default: finalized at once). */
  holdFinality?: boolean;
}

export interface LocalChain {
  url: string;
  airdrop(to: string, lamports: bigint): void;
  balance(of: string): bigint;
  /** Signs an unsigned wire transaction as `secretKey`'s wallet (the fee payer), as Phantom does. */
  sign(wire: Uint8Array, secretKey: Uint8Array): Uint8Array;
  /** Sends a signed wire transaction as `sendTransaction` does; returns its signature. */
  send(wire: Uint8Array, opts?: { skipPreflight?: boolean }): string;
  /** Every held transaction becomes `finalized`. */
  finalize(): void;
  holdFinality: boolean;
  close(): Promise<void>;
}

/** Signs an unsigned wire transaction as `secretKey`'s wallet (the fee payer), as Phantom does. */
export function signWire(wire: Uint8Array, secretKey: Uint8Array): Uint8Array {
  const tx = getTransactionDecoder().decode(wire);
  const [payer] = Object.keys(tx.signatures);
  const signature = ed25519.sign(new Uint8Array(tx.messageBytes), secretKey);
  return new Uint8Array(getTransactionEncoder().encode({ ...tx, signatures: { ...tx.signatures, [payer!]: signature } } as Transaction));
}

/** One JSON-RPC call, as a wallet or a test makes it. */
export async function rpcCall<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
  return body.result as T;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startLocalChain(options: LocalChainOptions = {}): Promise<LocalChain> {
  const svm = new LiteSVM();
  const landed = new Map<string, Landed>();
  let slot = 1n;
  const b58 = getBase58Decoder();

  function send(wire: Uint8Array, opts: { skipPreflight?: boolean } = {}): string {
    let tx: Transaction;
    try {
      tx = getTransactionDecoder().decode(wire) as Transaction;
    } catch {
      throw new RpcError(-32602, 'invalid transaction: failed to deserialize');
    }
    const first = Object.values(tx.signatures)[0];
    if (!first || first.every((x) => x === 0)) throw new RpcError(-32602, 'invalid transaction: not signed');
    const signature = b58.decode(first);
    if (landed.has(signature)) throw new RpcError(-32002, 'Transaction simulation failed: This transaction has already been processed');
    const result = svm.sendTransaction(tx);
    const failed = result instanceof FailedTransactionMetadata;
    if (failed && !opts.skipPreflight) throw new RpcError(-32002, `Transaction simulation failed: ${result.toString()}`);
    slot += 1n;
    svm.warpToSlot(slot);
    // A new blockhash for the next transaction, as slots pass on a real cluster.
    svm.expireBlockhash();
    landed.set(signature, {
      wire,
      slot,
      err: failed ? { InstructionError: [0, String(result.err())] } : null,
      finalized: !chain.holdFinality,
      blockTime: Math.floor(Date.now() / 1000),
    });
    return signature;
  }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getLatestBlockhash: () => ({ context: { slot: Number(slot) }, value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: Number(slot) + 150 } }),
    requestAirdrop: (params) => {
      const meta = svm.airdrop(address(String(params[0])), lamports(BigInt(Number(params[1]))));
      if (!meta || meta instanceof FailedTransactionMetadata) throw new RpcError(-32603, 'airdrop failed');
      return b58.decode(meta.signature());
    },
    getBalance: (params) => ({ context: { slot: Number(slot) }, value: Number(svm.getBalance(address(String(params[0]))) ?? 0n) }),
    sendTransaction: (params) => {
      const [encoded, config] = params as [string, { encoding?: string; skipPreflight?: boolean } | undefined];
      const wire = config?.encoding === 'base64' ? new Uint8Array(Buffer.from(encoded, 'base64')) : new Uint8Array(getBase58Encoder().encode(encoded));
      return send(wire, { skipPreflight: config?.skipPreflight });
    },
    getSignatureStatuses: (params) => ({
      context: { slot: Number(slot) },
      value: (params[0] as string[]).map((sig) => {
        const t = landed.get(sig);
        if (!t) return null;
        return {
          slot: Number(t.slot),
          confirmations: t.finalized ? null : 1,
          err: t.err,
          status: t.err ? { Err: t.err } : { Ok: null },
          confirmationStatus: t.finalized ? 'finalized' : 'confirmed',
        };
      }),
    }),
    getTransaction: (params) => {
      const [sig, config] = params as [string, { commitment?: string; encoding?: string } | undefined];
      const t = landed.get(sig);
      if (!t || (config?.commitment === 'finalized' && !t.finalized)) return null;
      if (config?.encoding !== 'base64') throw new RpcError(-32602, 'only base64 encoding is served here');
      return {
        slot: Number(t.slot),
        blockTime: t.blockTime,
        version: 0,
        transaction: [Buffer.from(t.wire).toString('base64'), 'base64'],
        meta: { err: t.err, status: t.err ? { Err: t.err } : { Ok: null }, fee: 5000, preBalances: [], postBalances: [], logMessages: [] },
      };
    },
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      let id: unknown = null;
      let reply: unknown;
      try {
        const call = JSON.parse(body) as { id: unknown; method: string; params?: unknown[] };
        id = call.id;
        const method = methods[call.method];
        if (!method) throw new RpcError(-32601, `Method not found: ${call.method}`);
        reply = { jsonrpc: '2.0', id, result: method(call.params ?? []) };
      } catch (err) {
        const e = err instanceof RpcError ? err : new RpcError(-32603, String(err));
        reply = { jsonrpc: '2.0', id, error: { code: e.code, message: e.message } };
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const chain: LocalChain = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    holdFinality: !!options.holdFinality,
    airdrop(to, amount) {
      svm.airdrop(address(to), lamports(amount));
    },
    balance(of) {
      return svm.getBalance(address(of)) ?? 0n;
    },
    sign: signWire,
    send,
    finalize() {
      for (const t of landed.values()) t.finalized = true;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return chain;
}
