// A local Solana for tests: litesvm executes real signed transactions, behind the JSON-RPC methods
// Glint, its wallet and the x402 packages use (getLatestBlockhash, sendTransaction,
// simulateTransaction, getSignatureStatuses, getTransaction, getBalance, getAccountInfo,
// getTokenAccountBalance, getMinimumBalanceForRentExemption, getSlot, getBlockHeight,
// requestAirdrop), answered in real Solana JSON-RPC's shapes. Tests only: the real chain is the
// one boundary we cannot reach here.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  address,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  type Address,
  type Transaction,
} from '@solana/kit';
import { findAssociatedTokenPda, getMintDecoder, getMintEncoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
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

/** How many blockhashes stay valid, as on a real cluster (about 150 blocks, a minute or so). */
const BLOCKHASH_WINDOW = 150;

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
  /** Every blockhash handed out so far expires, as when more than ~150 blocks pass. */
  expireBlockhashes(): void;
  /**
   * An SPL mint (SPL Token program) at `at` (a random address by default), as a cluster's USDC
   * is; its mint authority is `authority`. Written into the ledger directly: a real mint's address
   * has no key we could create it with.
   */
  createMint(opts: { authority: string; decimals?: number; at?: string }): Promise<string>;
  /** `owner`'s balance of `mint` in its associated token account (0n without one). */
  tokenBalance(owner: string, mint: string): Promise<bigint>;
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
  // Blockhashes are checked here against a window of recent ones, as a cluster does; litesvm on
  // its own knows only the latest. Signatures are checked by litesvm, except in a simulation that
  // asks for none (sigVerify: false, what facilitators use on a partly signed transaction).
  const svm = new LiteSVM().withBlockhashCheck(false);
  const landed = new Map<string, Landed>();
  let slot = 1n;
  const b58 = getBase58Decoder();
  let recent: string[] = [svm.latestBlockhash()];
  const messageDecoder = getCompiledTransactionMessageDecoder();
  const blockhashOf = (tx: Transaction) => messageDecoder.decode(tx.messageBytes).lifetimeToken;
  const isRecent = (tx: Transaction) => recent.includes(blockhashOf(tx));
  const nextBlockhash = () => {
    svm.expireBlockhash();
    recent = [...recent, svm.latestBlockhash()].slice(-BLOCKHASH_WINDOW);
  };
  /** A failed transaction's error, in the shape JSON-RPC gives it (`"BlockhashNotFound"`, `{ InstructionError: [2, ...] }`). */
  const errorOf = (failed: FailedTransactionMetadata): unknown => {
    const text = failed.toString();
    const ix = /err: InstructionError\((\d+), ([^)]*\)?)\)/.exec(text);
    if (ix) {
      const custom = /Custom\((\d+)\)/.exec(ix[2]!);
      return { InstructionError: [Number(ix[1]), custom ? { Custom: Number(custom[1]) } : ix[2]!.trim()] };
    }
    return /err: ([A-Za-z]+)/.exec(text)?.[1] ?? 'TransactionError';
  };

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
    if (!isRecent(tx)) {
      if (!opts.skipPreflight) throw new RpcError(-32002, 'Transaction simulation failed: Blockhash not found');
      // Sent without preflight, a transaction on an expired blockhash is dropped by the cluster: never seen.
      return signature;
    }
    const result = svm.sendTransaction(tx);
    const failed = result instanceof FailedTransactionMetadata;
    if (failed && !opts.skipPreflight) throw new RpcError(-32002, `Transaction simulation failed: ${result.toString()}`);
    slot += 1n;
    svm.warpToSlot(slot);
    // A new blockhash for the next transaction, as slots pass on a real cluster.
    nextBlockhash();
    landed.set(signature, {
      wire,
      slot,
      err: failed ? errorOf(result) : null,
      finalized: !chain.holdFinality,
      blockTime: Math.floor(Date.now() / 1000),
    });
    return signature;
  }

  const context = () => ({ slot: Number(slot) });
  const decodeWire = (encoded: string, encoding: string | undefined) =>
    encoding === 'base64' ? new Uint8Array(Buffer.from(encoded, 'base64')) : new Uint8Array(getBase58Encoder().encode(encoded));

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
      return send(decodeWire(encoded, config?.encoding), { skipPreflight: config?.skipPreflight });
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
    simulateTransaction: (params) => {
      const [encoded, config] = params as [string, { encoding?: string; sigVerify?: boolean; replaceRecentBlockhash?: boolean } | undefined];
      let tx: Transaction;
      try {
        tx = getTransactionDecoder().decode(decodeWire(encoded, config?.encoding)) as Transaction;
      } catch {
        throw new RpcError(-32602, 'invalid transaction: failed to deserialize');
      }
      const value = (err: unknown, logs: string[] = [], units = 0) => ({
        context: context(),
        value: { err, logs, accounts: null, unitsConsumed: units, returnData: null, innerInstructions: null },
      });
      if (!config?.replaceRecentBlockhash && !isRecent(tx)) return value('BlockhashNotFound');
      const verify = !!config?.sigVerify;
      if (!verify) svm.withSigverify(false);
      try {
        const result = svm.simulateTransaction(tx);
        if (result instanceof FailedTransactionMetadata) return value(errorOf(result), result.meta().logs());
        const meta = result.meta();
        return value(null, meta.logs(), Number(meta.computeUnitsConsumed()));
      } finally {
        if (!verify) svm.withSigverify(true);
      }
    },
    getAccountInfo: (params) => {
      const [of, config] = params as [string, { encoding?: string } | undefined];
      if ((config?.encoding ?? 'base58') !== 'base64') throw new RpcError(-32602, 'only base64 encoding is served here');
      const account = svm.getAccount(address(of));
      if (!account.exists) return { context: context(), value: null };
      return {
        context: context(),
        value: {
          data: [Buffer.from(account.data).toString('base64'), 'base64'],
          executable: account.executable,
          lamports: Number(account.lamports),
          owner: account.programAddress,
          rentEpoch: 0,
          space: account.data.length,
        },
      };
    },
    getTokenAccountBalance: (params) => {
      const account = svm.getAccount(address(String(params[0])));
      if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS) throw new RpcError(-32602, 'Invalid param: not a Token account');
      const token = getTokenDecoder().decode(account.data);
      const mint = svm.getAccount(token.mint);
      const decimals = mint.exists ? getMintDecoder().decode(mint.data).decimals : 0;
      const amount = token.amount.toString();
      const ui = Number(token.amount) / 10 ** decimals;
      return { context: context(), value: { amount, decimals, uiAmount: ui, uiAmountString: String(ui) } };
    },
    getMinimumBalanceForRentExemption: (params) => Number(svm.minimumBalanceForRentExemption(BigInt(Number(params[0] ?? 0)))),
    getSlot: () => Number(slot),
    getBlockHeight: () => Number(slot),
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
    expireBlockhashes() {
      svm.expireBlockhash();
      recent = [svm.latestBlockhash()];
    },
    async createMint({ authority, decimals = 6, at }) {
      const mint = at ?? b58.decode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
      const data = new Uint8Array(
        getMintEncoder().encode({
          mintAuthority: address(authority),
          supply: 0n,
          decimals,
          isInitialized: true,
          freezeAuthority: null,
        }),
      );
      svm.setAccount({
        address: address(mint),
        data,
        executable: false,
        lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
        programAddress: TOKEN_PROGRAM_ADDRESS,
        space: BigInt(data.length),
      });
      return mint;
    },
    async tokenBalance(owner, mint) {
      const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS });
      const account = svm.getAccount(ata as Address);
      return account.exists ? getTokenDecoder().decode(account.data).amount : 0n;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return chain;
}
