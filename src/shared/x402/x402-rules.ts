/**
 * Pay-per-view prices in USDC and their pure rules, shared by the API and the screens. The zod
 * schemas are in ./x402.ts, so a screen showing a price badge can do without them.
 */

/** USDC has 6 decimals on every Solana cluster: 1 USDC = 1_000_000 micro-USDC. */
export const USDC_DECIMALS = 6;
const MICROS_PER_USDC = 1_000_000;
/** A price in USDC as people type it: up to 6 decimals. */
export const PRICE_MIN_USDC = '0.01';
export const PRICE_MAX_USDC = '1000';

/** "1.5" -> 1_500_000; exact; undefined for anything that is not a USDC amount. */
export function usdcToMicros(usdc: string): number | undefined {
  const m = /^(\d{1,7})(?:\.(\d{1,6}))?$/.exec(usdc.trim());
  if (!m) return undefined;
  return Number(m[1]) * MICROS_PER_USDC + Number((m[2] ?? '').padEnd(USDC_DECIMALS, '0'));
}

/** 1_500_000 -> "1.5"; exact, trailing zeros trimmed (the API's form). */
export function microsToUsdc(micros: number): string {
  const whole = Math.floor(micros / MICROS_PER_USDC);
  const frac = String(micros % MICROS_PER_USDC)
    .padStart(USDC_DECIMALS, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** "1.5" -> "$1.50", "0.005" -> "$0.005": how a price reads on a badge or a button. */
export function formatUsdc(usdc: string): string {
  const [whole, frac = ''] = usdc.split('.');
  return `$${whole}.${frac.padEnd(2, '0')}`;
}

/** What a guest reads on a locked video's Unlock button. */
export const SIGN_IN_TO_UNLOCK = 'Sign in to unlock this video, so you can watch it again on any device.';
