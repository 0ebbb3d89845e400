// A local Solana for tests: litesvm executes real signed transactions, behind the JSON-RPC methods
// Glint, its wallet and the x402 packages use (getLatestBlockhash, sendTransaction,
// simulateTransaction, getSignatureStatuses, getTransaction, getBalance, getAccountInfo,
// getMultipleAccounts, getTokenAccountsByOwner, getTokenAccountBalance, getMinimumBalanceForRentExemption, getSlot, getBlockHeight,
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
import {
  AccountState,
  findAssociatedTokenPda,
  getMintDecoder,
  getMintEncoder,
  getTokenDecoder,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import {
  extension,
  getMintEncoder as getToken2022MintEncoder,
  getTokenEncoder as getToken2022TokenEncoder,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@solana-program/token-2022';
import { getMetadataAccountDataSerializer } from '@metaplex-foundation/mpl-token-metadata';
import { publicKey as umiPublicKey } from '@metaplex-foundation/umi';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { BONDING_CURVE_DISCRIMINATOR, bondingCurveCodec, METADATA_PROGRAM_ADDRESS, PUMP_PROGRAM_ADDRESS, tokenAccountsOf } from '../features/tokens/chain.js';

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

export interface MintOptions {
  /** The mint authority (null: a fixed supply). */
  authority: string | null;
  decimals?: number;
  at?: string;
  /** SPL Token (default) or Token-2022. */
  program?: 'spl-token' | 'token-2022';
  supply?: bigint;
  /**
   * Its metadata: a Metaplex token metadata account for an SPL mint, Token-2022's metadata
   * extension (and its pointer to the mint itself) for a Token-2022 one.
   */
  metadata?: { name: string; symbol: string; uri: string; updateAuthority: string; creators?: { address: string; verified: boolean; share: number }[] };
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
  createMint(opts: MintOptions): Promise<string>;
  /** Gives `owner` `amount` base units of `mint` (SPL Token or Token-2022) in its associated token account. */
  setTokenBalance(owner: string, mint: string, amount: bigint): Promise<void>;
  /** The bonding curve pump.fun's program keeps for a coin, naming `creator` as the coin's creator. */
  setLaunchCreator(mint: string, creator: string): Promise<void>;
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

  /** An account in JSON-RPC's base64 shape, or null. */
  const accountInfo = (of: string) => {
    const account = svm.getAccount(address(of));
    if (!account.exists) return null;
    return {
      data: [Buffer.from(account.data).toString('base64'), 'base64'],
      executable: account.executable,
      lamports: Number(account.lamports),
      owner: account.programAddress,
      rentEpoch: 0,
      space: account.data.length,
    };
  };

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
      return { context: context(), value: accountInfo(of) };
    },
    getTokenAccountsByOwner: async (params) => {
      const [owner, filter, config] = params as [string, { mint?: string; programId?: string }, { encoding?: string } | undefined];
      if (config?.encoding !== 'base64') throw new RpcError(-32602, 'only base64 encoding is served here');
      if (!filter.mint) throw new RpcError(-32602, 'only a mint filter is served here');
      // The owner's associated accounts under both token programs: where wallets keep tokens
      // (litesvm keeps no index of accounts by owner).
      const found = [];
      for (const tokenProgram of [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]) {
        const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: address(filter.mint), tokenProgram });
        const info = accountInfo(ata);
        if (info && info.owner === tokenProgram) found.push({ pubkey: ata, account: info });
      }
      return { context: context(), value: found };
    },
    getMultipleAccounts: (params) => {
      const [of, config] = params as [string[], { encoding?: string } | undefined];
      if ((config?.encoding ?? 'base58') !== 'base64') throw new RpcError(-32602, 'only base64 encoding is served here');
      return { context: context(), value: of.map(accountInfo) };
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
    req.on('end', async () => {
      let id: unknown = null;
      let reply: unknown;
      try {
        const call = JSON.parse(body) as { id: unknown; method: string; params?: unknown[] };
        id = call.id;
        const method = methods[call.method];
        if (!method) throw new RpcError(-32601, `Method not found: ${call.method}`);
        reply = { jsonrpc: '2.0', id, result: await method(call.params ?? []) };
      } catch (err) {
        const e = err instanceof RpcError ? err : new RpcError(-32603, String(err));
        reply = { jsonrpc: '2.0', id, error: { code: e.code, message: e.message } };
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  /** Writes an account into the ledger directly, rent-exempt, owned by `owner`. */
  const put = (at: string, data: Uint8Array, owner: Address) =>
    svm.setAccount({
      address: address(at),
      data,
      executable: false,
      lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
      programAddress: owner,
      space: BigInt(data.length),
    });

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
    async createMint({ authority, decimals = 6, at, program = 'spl-token', supply = 0n, metadata }) {
      const mint = at ?? b58.decode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
      const base = { mintAuthority: authority ? address(authority) : null, supply, decimals, isInitialized: true, freezeAuthority: null };
      const data =
        program === 'spl-token'
          ? new Uint8Array(getMintEncoder().encode(base))
          : new Uint8Array(
              getToken2022MintEncoder().encode({
                ...base,
                extensions: metadata
                  ? [
                      extension('MetadataPointer', { authority: address(metadata.updateAuthority), metadataAddress: address(mint) }),
                      extension('TokenMetadata', {
                        updateAuthority: address(metadata.updateAuthority),
                        mint: address(mint),
                        name: metadata.name,
                        symbol: metadata.symbol,
                        uri: metadata.uri,
                        additionalMetadata: new Map(),
                      }),
                    ]
                  : null,
              }),
            );
      put(mint, data, program === 'spl-token' ? TOKEN_PROGRAM_ADDRESS : TOKEN_2022_PROGRAM_ADDRESS);
      if (metadata && program === 'spl-token') {
        const { metadata: at } = await tokenAccountsOf(address(mint));
        const bytes = getMetadataAccountDataSerializer().serialize({
          updateAuthority: umiPublicKey(metadata.updateAuthority),
          mint: umiPublicKey(mint),
          name: metadata.name,
          symbol: metadata.symbol,
          uri: metadata.uri,
          sellerFeeBasisPoints: 0,
          creators: metadata.creators?.map((c) => ({ ...c, address: umiPublicKey(c.address) })) ?? null,
          primarySaleHappened: false,
          isMutable: true,
          editionNonce: null,
          tokenStandard: null,
          collection: null,
          uses: null,
          collectionDetails: null,
          programmableConfig: null,
        });
        put(at, bytes, METADATA_PROGRAM_ADDRESS);
      }
      return mint;
    },
    async setTokenBalance(owner, mint, amount) {
      const mintAccount = svm.getAccount(address(mint));
      const tokenProgram = mintAccount.exists && mintAccount.programAddress === TOKEN_2022_PROGRAM_ADDRESS ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS;
      const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram });
      const account = {
        mint: address(mint),
        owner: address(owner),
        amount,
        delegate: null,
        state: AccountState.Initialized,
        isNative: null,
        delegatedAmount: 0n,
        closeAuthority: null,
      };
      const data = new Uint8Array(
        tokenProgram === TOKEN_PROGRAM_ADDRESS ? getTokenEncoder().encode(account) : getToken2022TokenEncoder().encode({ ...account, extensions: null }),
      );
      put(ata, data, tokenProgram);
    },
    async setLaunchCreator(mint, creator) {
      const { bondingCurve } = await tokenAccountsOf(address(mint));
      const curve = bondingCurveCodec.encode({
        discriminator: BONDING_CURVE_DISCRIMINATOR,
        virtualTokenReserves: 1_073_000_000_000_000n,
        virtualSolReserves: 30_000_000_000n,
        realTokenReserves: 793_100_000_000_000n,
        realSolReserves: 0n,
        tokenTotalSupply: 1_000_000_000_000_000n,
        complete: false,
        creator: address(creator),
      });
      // Pump's curves are 150 bytes (room for later fields).
      const data = new Uint8Array(150);
      data.set(curve);
      put(bondingCurve, data, PUMP_PROGRAM_ADDRESS);
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
