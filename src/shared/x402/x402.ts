import { z } from 'zod';
import { CreatorSchema } from '../profiles/creator.js';
import { formatUsdc, microsToUsdc, PRICE_MAX_USDC, PRICE_MIN_USDC, usdcToMicros } from './x402-rules.js';

/**
 * Pay-per-view with x402 (protocol version 2): prices, the words people read, and the shapes of
 * the answers both sides use. docs/product.md "Pay-per-view" describes the flow;
 * docs/decisions/012-x402-pay-per-view.md why it is built this way.
 */

/** The protocol's header names (version 2), for the browser, scripts and the explainer. */
export const X402_HEADERS = {
  required: 'PAYMENT-REQUIRED',
  signature: 'PAYMENT-SIGNATURE',
  response: 'PAYMENT-RESPONSE',
} as const;
export const X402_VERSION = 2;

const USDC_AMOUNT = /^\d{1,7}(\.\d{1,6})?$/;

/** A price a creator sets: a USDC amount within the limits. */
export const PriceSchema = z
  .string()
  .trim()
  .regex(USDC_AMOUNT, 'Enter a price in USDC, like 1.50')
  .refine((v) => (usdcToMicros(v) ?? 0) >= usdcToMicros(PRICE_MIN_USDC)!, `The lowest price is ${formatUsdc(PRICE_MIN_USDC)}`)
  .refine((v) => (usdcToMicros(v) ?? 0) <= usdcToMicros(PRICE_MAX_USDC)!, `The highest price is ${formatUsdc(PRICE_MAX_USDC)}`)
  .transform((v) => microsToUsdc(usdcToMicros(v)!));

/**
 * What the viewer may do with a video's media: `free` (no price), `owner` (their own), `staff`
 * (moderators and admins, who review what is reported), `unlocked` (they bought it), `locked`.
 */
export const ACCESS = ['free', 'owner', 'staff', 'unlocked', 'locked'] as const;
export type Access = (typeof ACCESS)[number];

export const PRICE_NO_WALLET = 'Link a Solana wallet to your profile to sell videos: buyers pay it directly.';
export const PRICE_NO_USDC_ACCOUNT = 'Your wallet has no USDC account yet. Receive any amount of USDC in it once (that creates the account), then set a price.';
export const X402_DISABLED = 'Pay-per-view is not available on this server.';
export const ALREADY_UNLOCKED = 'You already unlocked this video. Nothing was charged.';
export const PURCHASE_IN_PROGRESS = 'A payment for this video is already being settled. Wait a moment and try again.';
export const PAYMENT_USED = 'This payment was already used.';
export const NOT_FOR_SALE = 'This video cannot be bought right now: its creator has no wallet linked.';

/** Why a payment was refused, in words for the buyer, from the facilitator's reason (x402 error codes). */
export function paymentRefusal(reason: string | undefined): string {
  const r = reason ?? '';
  if (r.includes('amount_mismatch')) return 'The payment is not for the price of this video. Nothing was charged.';
  if (r.includes('mint_mismatch')) return 'The payment is not in USDC. Nothing was charged.';
  if (r.includes('recipient_mismatch')) return 'The payment does not go to the creator’s wallet. Nothing was charged.';
  if (r.includes('duplicate_settlement') || r === 'payment_used') return PAYMENT_USED;
  if (r.includes('simulation_failed'))
    return 'The payment would fail on chain: it expired, was already sent, or the wallet lacks the USDC. Nothing was charged.';
  if (r.includes('network_mismatch')) return 'The payment is for another network. Nothing was charged.';
  if (r.includes('transaction_failed')) return 'The payment failed on chain. Please try again.';
  if (r === 'no_matching_requirements')
    return 'The payment does not match what this video asks for (its price or payee may have changed). Nothing was charged.';
  return 'The payment could not be verified. Nothing was charged.';
}

/** The creator's sales of one video. */
export const VideoSalesSchema = z.object({
  videoId: z.string(),
  title: z.string(),
  kind: z.enum(['long', 'short']),
  priceUsdc: z.string().nullable(),
  count: z.number().int(),
  /** Sum of what was paid, in USDC. */
  totalUsdc: z.string(),
  lastSoldAt: z.string().nullable(),
});
export type VideoSales = z.infer<typeof VideoSalesSchema>;

/** A video the viewer unlocked. */
export const UnlockedVideoSchema = z.object({
  videoId: z.string(),
  title: z.string(),
  kind: z.enum(['long', 'short']),
  thumbnailUrl: z.string().nullable(),
  creator: CreatorSchema,
  paidUsdc: z.string(),
  transaction: z.string().nullable(),
  /** An explorer page for the payment; none on a local cluster. */
  explorerUrl: z.string().nullable(),
  unlockedAt: z.string(),
});
export type UnlockedVideo = z.infer<typeof UnlockedVideoSchema>;

/** What the server's pay-per-view is: for the explainer and the unlock dialog. */
export const X402InfoSchema = z.object({
  enabled: z.boolean(),
  x402Version: z.number().int(),
  network: z.string(),
  cluster: z.string(),
  asset: z.string(),
  facilitator: z.enum(['glint', 'external']),
  /** A small paid demo video, for the explainer's live demo. */
  demoVideoId: z.string().nullable(),
});
export type X402Info = z.infer<typeof X402InfoSchema>;
