const LAMPORTS_PER_SOL = 1_000_000_000n;

/** 1_500_000_000n -> "1.5"; exact, trailing zeros trimmed. */
export function lamportsToSol(lamports: bigint): string {
  const negative = lamports < 0n;
  const abs = negative ? -lamports : lamports;
  const whole = abs / LAMPORTS_PER_SOL;
  const frac = (abs % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** "1.5" -> 1_500_000_000n; throws on more than 9 decimals or a malformed number. */
export function solToLamports(sol: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,9}))?$/.exec(sol.trim());
  if (!m) throw new Error(`Not a SOL amount: ${sol}`);
  return BigInt(m[1]!) * LAMPORTS_PER_SOL + BigInt((m[2] ?? '').padEnd(9, '0'));
}
