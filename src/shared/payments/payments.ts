import { z } from 'zod';
import { CreatorSchema } from '../profiles/creator.js';
import { solToLamports } from './sol.js';

/** SOL amounts as people type them: up to 9 decimals (lamports), within the limits. */
export const TIP_MIN_SOL = '0.001';
export const TIP_MAX_SOL = '1000';
export const TIP_PRESETS_SOL = ['0.05', '0.1', '0.5', '1'] as const;
export const TIP_MESSAGE_MAX = 200;
/** A payment whose signature is not seen on chain within this long is failed. */
export const PAYMENT_FIND_MINUTES = 3;
/** A payment confirmed but not finalized within this long is failed (finality takes seconds on a healthy cluster). */
export const PAYMENT_FINALITY_MINUTES = 10;

/** What the memo of a payment's transaction says: the payment's id, so one transaction pays one intent. */
export const paymentMemo = (paymentId: string) => `glint:${paymentId}`;
const MEMO = /^glint:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** The payment a memo names (the reverse of `paymentMemo`); undefined for any other memo. */
export const paymentIdOfMemo = (memo: string) => MEMO.exec(memo)?.[1]?.toLowerCase();

const SOL_AMOUNT = /^\d{1,12}(\.\d{1,9})?$/;
const lamportsOf = (v: string) => (SOL_AMOUNT.test(v) ? solToLamports(v) : undefined);

export const solAmount = (min: string, max: string) =>
  z
    .string()
    .trim()
    .regex(SOL_AMOUNT, 'Enter an amount in SOL, like 0.1')
    .refine((v) => (lamportsOf(v) ?? 0n) >= solToLamports(min), `The smallest amount is ${min} SOL`)
    .refine((v) => (lamportsOf(v) ?? 0n) <= solToLamports(max), `The largest amount is ${max} SOL`);

/** A base58 Solana address (32 bytes: 32 to 44 characters). */
export const WalletAddressSchema = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Not a Solana wallet address');
/** A base58 transaction signature (64 bytes: 86 to 88 characters). */
export const SignatureSchema = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'Not a transaction signature');

export const TIP_CONTENT_TYPES = ['livestream', 'glint_video', 'short_video'] as const;

/** `POST /api/tips`: to a creator, optionally on one of their streams, videos or shorts. */
export const CreateTipSchema = z.object({
  /** The creator's username. */
  to: z.string().trim().min(1).max(64),
  amountSol: solAmount(TIP_MIN_SOL, TIP_MAX_SOL),
  message: z.string().trim().max(TIP_MESSAGE_MAX, `A message can be at most ${TIP_MESSAGE_MAX} characters`).default(''),
  /** The wallet the tip is paid from (Phantom's connected account): the tipper's linked wallet. */
  fromWallet: WalletAddressSchema,
  content: z.object({ type: z.enum(TIP_CONTENT_TYPES), id: z.guid() }).optional(),
});
export type CreateTipInput = z.input<typeof CreateTipSchema>;

export const PaymentStatusSchema = z.enum(['created', 'pending', 'confirmed', 'finalized', 'failed']);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const PaymentSchema = z.object({
  id: z.string(),
  kind: z.enum(['tip', 'bounty']),
  status: PaymentStatusSchema,
  amountSol: z.string(),
  message: z.string(),
  /** Why it failed, in words for the payer. */
  failure: z.string().nullable(),
  signature: z.string().nullable(),
  /** The memo the transaction must carry. */
  memo: z.string(),
  payerWallet: z.string(),
  payeeWallet: z.string(),
  payee: CreatorSchema,
  payer: CreatorSchema,
  contentType: z.string().nullable(),
  contentId: z.string().nullable(),
  bountyId: z.string().nullable(),
  createdAt: z.string(),
  finalizedAt: z.string().nullable(),
  /** An explorer link for the transaction, on the configured cluster. */
  explorerUrl: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const SubmitSignatureSchema = z.object({ signature: SignatureSchema });

export const BlockhashSchema = z.object({ blockhash: z.string(), lastValidBlockHeight: z.string() });
export type LatestBlockhash = z.infer<typeof BlockhashSchema>;

/** A creator's tip jar: whether they can be tipped and, if not, why (shown on the Tip button). */
export const TipRecipientSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  wallet: z.string().nullable(),
  canTip: z.boolean(),
  reason: z.string().nullable(),
});
export type TipRecipient = z.infer<typeof TipRecipientSchema>;

export const TIP_NO_WALLET = 'This creator has not linked a Solana wallet yet, so they cannot receive tips.';
export const TIP_YOURSELF = 'You cannot tip yourself.';
/** A tip is paid from the tipper's linked wallet: without one there is nothing to tip from. */
export const TIP_LINK_WALLET =
  'Link a Solana wallet before you tip: tips are paid from your linked wallet. Connect Phantom from the wallet button in the top bar (or Settings → Wallet).';
/** Phantom is on another account than the tipper's linked wallet. */
export const tipWrongWallet = (linked: string) =>
  `Tips are paid from the wallet linked to your account (${linked.slice(0, 4)}…${linked.slice(-4)}). Switch to it in Phantom and try again.`;
export const TIP_SIGN_IN = 'Sign in to tip creators.';
export const CHAIN_UNAVAILABLE = 'The Solana network cannot be reached right now. Please try again in a moment.';

/** The reasons a payment fails, as the payer reads them. */
export const PAYMENT_FAILURES = {
  notFound: `The transaction was not found on chain within ${PAYMENT_FIND_MINUTES} minutes.`,
  notFinal: `The transaction was not finalized within ${PAYMENT_FINALITY_MINUTES} minutes.`,
  unreachable: 'The Solana network could not be reached to check the transaction.',
  failedOnChain: 'The transaction failed on chain; no SOL was sent.',
  wrongRecipient: 'The transaction does not pay the creator’s wallet.',
  wrongSender: 'The transaction is not paid from the wallet you chose.',
  wrongAmount: 'The transaction sends a different amount than this payment.',
  wrongMemo: 'The transaction is for another payment.',
  unreadable: 'The transaction could not be read.',
  usedSignature: 'This transaction was already used for another payment.',
} as const;
