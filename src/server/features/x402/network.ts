import type { Network } from '@x402/core/types';
import { SOLANA_DEVNET_CAIP2, SOLANA_MAINNET_CAIP2, SOLANA_TESTNET_CAIP2, USDC_DEVNET_ADDRESS, USDC_MAINNET_ADDRESS, USDC_TESTNET_ADDRESS } from '@x402/svm';
import type { Config } from '../../platform/config.js';

type Cluster = Config['solana']['cluster'];

/**
 * The CAIP-2 id x402 names the cluster by. The x402 packages know the three public clusters; a
 * local validator (`localnet`, the tests' chain) stands in for devnet, with its own USDC-like mint
 * at devnet's USDC address (or `X402_ASSET`).
 */
export function x402Network(cluster: Cluster): Network {
  if (cluster === 'mainnet-beta') return SOLANA_MAINNET_CAIP2 as Network;
  if (cluster === 'testnet') return SOLANA_TESTNET_CAIP2 as Network;
  return SOLANA_DEVNET_CAIP2 as Network;
}

/** USDC's mint on the cluster. */
export function usdcMint(cluster: Cluster): string {
  if (cluster === 'mainnet-beta') return USDC_MAINNET_ADDRESS;
  if (cluster === 'testnet') return USDC_TESTNET_ADDRESS;
  return USDC_DEVNET_ADDRESS;
}
