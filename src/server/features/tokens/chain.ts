// A token as the chain holds it, read through Solana JSON-RPC with the programs' own decoders:
// the mint (SPL Token or Token-2022), its metadata (Token-2022's metadata extension, or Metaplex
// token metadata) and, for a coin launched on pump.fun, the creator its bonding curve records.
import {
  address,
  createSolanaRpc,
  fetchEncodedAccounts,
  fixCodecSize,
  getAddressCodec,
  getAddressEncoder,
  getBooleanCodec,
  getBytesCodec,
  getProgramDerivedAddress,
  getStructCodec,
  getU64Codec,
  unwrapOption,
  type Address,
  type MaybeEncodedAccount,
} from '@solana/kit';
import { getMintDecoder as getSplMintDecoder, getTokenDecoder as getSplTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { getMintDecoder as getToken2022MintDecoder, getTokenDecoder as getToken2022TokenDecoder, TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022';
import { getMetadataAccountDataSerializer, MPL_TOKEN_METADATA_PROGRAM_ID } from '@metaplex-foundation/mpl-token-metadata';
import { unwrapOption as unwrapUmiOption } from '@metaplex-foundation/umi';

/** pump.fun's bonding-curve program (the same address on mainnet and devnet). */
export const PUMP_PROGRAM_ADDRESS = address('6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P');
/** Anchor's account discriminator of pump's `BondingCurve` (from the program's published IDL). */
export const BONDING_CURVE_DISCRIMINATOR = new Uint8Array([23, 183, 248, 55, 96, 216, 172, 96]);
export const METADATA_PROGRAM_ADDRESS = address(MPL_TOKEN_METADATA_PROGRAM_ID);

/** What the chain says about a token. Amounts are base units as decimal strings. */
export interface ChainToken {
  mint: string;
  program: 'spl-token' | 'token-2022';
  decimals: number;
  supply: string;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  name: string | null;
  symbol: string | null;
  uri: string | null;
  updateAuthority: string | null;
  creators: { address: string; verified: boolean }[];
  launchCreator: string | null;
}

export interface TokenChain {
  /** The token at `mint`, or null when no mint account is there. Throws when the chain cannot be reached. */
  read(mint: string): Promise<ChainToken | null>;
  /** How much of `mint` the wallet `owner` holds, in base units, over all its token accounts. */
  balance(owner: string, mint: string): Promise<bigint>;
}

/** pump's `BondingCurve`, laid out as its IDL says: reserves, whether it completed, and (since 2025) its creator. */
export const bondingCurveCodec = getStructCodec([
  ['discriminator', fixCodecSize(getBytesCodec(), 8)],
  ['virtualTokenReserves', getU64Codec()],
  ['virtualSolReserves', getU64Codec()],
  ['realTokenReserves', getU64Codec()],
  ['realSolReserves', getU64Codec()],
  ['tokenTotalSupply', getU64Codec()],
  ['complete', getBooleanCodec()],
  ['creator', getAddressCodec()],
]);

/** The Metaplex metadata account of a mint, and its pump.fun bonding curve: where each program keeps them. */
export async function tokenAccountsOf(mint: Address): Promise<{ metadata: Address; bondingCurve: Address }> {
  const enc = getAddressEncoder();
  const [metadata] = await getProgramDerivedAddress({
    programAddress: METADATA_PROGRAM_ADDRESS,
    seeds: ['metadata', enc.encode(METADATA_PROGRAM_ADDRESS), enc.encode(mint)],
  });
  const [bondingCurve] = await getProgramDerivedAddress({ programAddress: PUMP_PROGRAM_ADDRESS, seeds: ['bonding-curve', enc.encode(mint)] });
  return { metadata, bondingCurve };
}

/** Names on chain are often padded to a fixed size with NUL bytes. */
const clean = (s: string) => s.replace(/\0+$/g, '').trim() || null;
const orNull = (a: Address | null | undefined) => (a ? String(a) : null);

/** Decodes the three accounts into a token; null when the first is not a mint. Pure: unit-tested on bytes. */
export function decodeToken(mint: string, accounts: MaybeEncodedAccount[]): ChainToken | null {
  const [mintAccount, metadataAccount, curveAccount] = accounts;
  if (!mintAccount?.exists) return null;
  const owner = mintAccount.programAddress;
  let token: ChainToken;
  try {
    if (owner === TOKEN_PROGRAM_ADDRESS) {
      const m = getSplMintDecoder().decode(mintAccount.data);
      if (!m.isInitialized) return null;
      token = base(mint, 'spl-token', m.decimals, m.supply, unwrapOption(m.mintAuthority), unwrapOption(m.freezeAuthority));
    } else if (owner === TOKEN_2022_PROGRAM_ADDRESS) {
      const m = getToken2022MintDecoder().decode(mintAccount.data);
      if (!m.isInitialized) return null;
      token = base(mint, 'token-2022', m.decimals, m.supply, unwrapOption(m.mintAuthority), unwrapOption(m.freezeAuthority));
      const meta = (unwrapOption(m.extensions) ?? []).find((e) => e.__kind === 'TokenMetadata');
      // The metadata it carries counts only if it names this mint (no borrowed identity).
      if (meta && meta.__kind === 'TokenMetadata' && meta.mint === mint) {
        Object.assign(token, {
          name: clean(meta.name),
          symbol: clean(meta.symbol),
          uri: clean(meta.uri),
          updateAuthority: orNull(unwrapOption(meta.updateAuthority)),
        });
      }
    } else return null;
  } catch {
    // Bytes a mint's program would not have written: not a mint.
    return null;
  }
  if (token.name === null && metadataAccount?.exists && metadataAccount.programAddress === METADATA_PROGRAM_ADDRESS) {
    try {
      const [meta] = getMetadataAccountDataSerializer().deserialize(metadataAccount.data);
      if (meta.mint === mint) {
        token.name = clean(meta.name);
        token.symbol = clean(meta.symbol);
        token.uri = clean(meta.uri);
        token.updateAuthority = String(meta.updateAuthority);
        token.creators = (unwrapUmiOption(meta.creators) ?? []).map((c) => ({ address: String(c.address), verified: c.verified }));
      }
    } catch {
      // Unreadable metadata: the token is shown by its address.
    }
  }
  if (curveAccount?.exists && curveAccount.programAddress === PUMP_PROGRAM_ADDRESS) {
    try {
      const curve = bondingCurveCodec.decode(curveAccount.data);
      if (BONDING_CURVE_DISCRIMINATOR.every((b, i) => curve.discriminator[i] === b)) token.launchCreator = String(curve.creator);
    } catch {
      // A curve from before pump recorded creators (too short for the field): no launch creator.
    }
  }
  return token;
}

function base(
  mint: string,
  program: ChainToken['program'],
  decimals: number,
  supply: bigint,
  mintAuthority: Address | null,
  freezeAuthority: Address | null,
): ChainToken {
  return {
    mint,
    program,
    decimals,
    supply: supply.toString(),
    mintAuthority: orNull(mintAuthority),
    freezeAuthority: orNull(freezeAuthority),
    name: null,
    symbol: null,
    uri: null,
    updateAuthority: null,
    creators: [],
    launchCreator: null,
  };
}

/** Solana JSON-RPC at `rpcUrl`: one `getMultipleAccounts` call per token. */
export function createTokenChain(rpcUrl: string): TokenChain {
  const rpc = createSolanaRpc(rpcUrl);
  return {
    async read(mint) {
      let at: Address;
      try {
        at = address(mint);
      } catch {
        // Base58 that is not 32 bytes: no account can be there.
        return null;
      }
      const { metadata, bondingCurve } = await tokenAccountsOf(at);
      const accounts = await fetchEncodedAccounts(rpc, [at, metadata, bondingCurve], { commitment: 'confirmed' });
      return decodeToken(mint, accounts);
    },
    async balance(owner, mint) {
      const { value } = await rpc.getTokenAccountsByOwner(address(owner), { mint: address(mint) }, { encoding: 'base64', commitment: 'confirmed' }).send();
      let total = 0n;
      for (const { account } of value) {
        const data = new Uint8Array(Buffer.from(account.data[0], 'base64'));
        const decoded =
          account.owner === TOKEN_2022_PROGRAM_ADDRESS
            ? getToken2022TokenDecoder().decode(data)
            : account.owner === TOKEN_PROGRAM_ADDRESS
              ? getSplTokenDecoder().decode(data)
              : null;
        // The account must be of this mint and this owner, whatever the node answered.
        if (decoded && decoded.mint === mint && decoded.owner === owner) total += decoded.amount;
      }
      return total;
    },
  };
}
