import { describe, expect, it } from 'vitest';
import { explorerUrl, unitsToDecimal } from '../payments/sol.js';
import { pumpFunUrl, tokenControllers } from './token-rules.js';

const none = { mintAuthority: null, updateAuthority: null, creators: [], launchCreator: null };

describe('who is behind a token', () => {
  it('counts the authorities, verified creators and the launch creator, once each; an unverified creator is only a claim', () => {
    const t = {
      mintAuthority: 'A',
      updateAuthority: 'A',
      creators: [
        { address: 'B', verified: true },
        { address: 'C', verified: false },
      ],
      launchCreator: 'D',
    };
    expect(tokenControllers(t)).toEqual(['A', 'B', 'D']);
    expect(tokenControllers(none)).toEqual([]);
  });
});

describe('where to look a token up', () => {
  it('links the explorer on public clusters and pump.fun on mainnet only', () => {
    expect(explorerUrl('mainnet-beta', { address: 'M' })).toBe('https://explorer.solana.com/address/M');
    expect(explorerUrl('devnet', { tx: 'S' })).toBe('https://explorer.solana.com/tx/S?cluster=devnet');
    expect(explorerUrl('localnet', { address: 'M' })).toBeNull();
    expect(pumpFunUrl('mainnet-beta', 'M')).toBe('https://pump.fun/coin/M');
    expect(pumpFunUrl('devnet', 'M')).toBeNull();
  });

  it('writes amounts in whole tokens exactly', () => {
    expect(unitsToDecimal(1_234_500n, 6)).toBe('1.2345');
    expect(unitsToDecimal(1_000_000_000_000_000n, 6)).toBe('1000000000');
    expect(unitsToDecimal(5n, 0)).toBe('5');
    expect(unitsToDecimal(-15n, 1)).toBe('-1.5');
  });
});
