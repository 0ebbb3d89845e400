/** An amount in base units as an exact decimal (`1_234_500n` with 6 decimals: "1.2345"), trailing zeros trimmed. */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const frac = decimals ? (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** 1_500_000_000n -> "1.5"; exact, trailing zeros trimmed. */
export function lamportsToSol(lamports: bigint): string {
  return unitsToDecimal(lamports, 9);
}

const EXPLORER_CLUSTER: Record<string, string> = { 'mainnet-beta': '', devnet: '?cluster=devnet', testnet: '?cluster=testnet' };

/** A transaction's or an address's page on Solana's explorer for the cluster; none for a local one, which no explorer sees. */
export function explorerUrl(cluster: string, of: { tx: string } | { address: string }): string | null {
  if (!(cluster in EXPLORER_CLUSTER)) return null;
  const path = 'tx' in of ? `tx/${of.tx}` : `address/${of.address}`;
  return `https://explorer.solana.com/${path}${EXPLORER_CLUSTER[cluster]}`;
}

/** "1.5" with 6 decimals -> 1_500_000n; throws on more decimals than `decimals` or a malformed number. */
export function decimalToUnits(amount: string, decimals: number): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m || (m[2] ?? '').length > decimals) throw new Error(`Not an amount with at most ${decimals} decimals: ${amount}`);
  return BigInt(m[1]!) * 10n ** BigInt(decimals) + BigInt((m[2] ?? '').padEnd(decimals, '0') || '0');
}

/** "1.5" -> 1_500_000_000n; throws on more than 9 decimals or a malformed number. */
export function solToLamports(sol: string): bigint {
  return decimalToUnits(sol, 9);
}
