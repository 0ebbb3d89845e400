import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lamportsToSol, solToLamports } from './sol.js';

describe('SOL amounts', () => {
  it('formats lamports exactly', () => {
    expect(lamportsToSol(1_500_000_000n)).toBe('1.5');
    expect(lamportsToSol(1n)).toBe('0.000000001');
    expect(lamportsToSol(0n)).toBe('0');
    expect(lamportsToSol(12_000_000_000n)).toBe('12');
  });

  it('parses SOL and refuses what is not an amount', () => {
    expect(solToLamports('0.5')).toBe(500_000_000n);
    expect(solToLamports('2')).toBe(2_000_000_000n);
    expect(() => solToLamports('0.0000000001')).toThrow();
    expect(() => solToLamports('-1')).toThrow();
    expect(() => solToLamports('1e9')).toThrow();
  });

  it('round-trips every amount', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), (l) => solToLamports(lamportsToSol(l)) === l));
  });
});
