import { z } from 'zod';
import { PRODUCT_NAME, WALLET_USERNAME_SUFFIX } from '../platform/product.js';
import { DisplayNameSchema, USERNAME_PATTERN, USERNAME_RULE_MESSAGE, USERNAME_TAKEN } from '../auth/auth.js';

/**
 * First line of the sign-in message (docs/product.md §5: a heading, a timestamp line, a uuid
 * line). It names the deployment's host, so a signature made for another site is refused.
 */
export const loginMessageHeading = (host: string) => `Sign in to ${PRODUCT_NAME} at ${host} with your wallet`;
export const LINK_MESSAGE_PREFIX = 'Sign this message to verify your wallet: ';
export const INVALID_LINK_MESSAGE = 'Invalid message format generated';
/** How old a signed message (and its server nonce) may be, and how far ahead of our clock. */
export const MESSAGE_MAX_AGE_MS = 5 * 60_000;
export const MESSAGE_MAX_SKEW_MS = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function buildLoginMessage(host: string, timestamp: number, uuid: string): string {
  return `${loginMessageHeading(host)}\n${timestamp}\n${uuid}`;
}

/**
 * The link message: docs/product.md's line 'Sign this message to verify your wallet:
 * {timestamp}:{uuid}', then the deployment's host and the account the wallet is linked to, so a
 * signature made on another site, or for another account, links nothing.
 */
export function buildLinkMessage(host: string, accountId: string, timestamp: number, uuid: string): string {
  return `${LINK_MESSAGE_PREFIX}${timestamp}:${uuid}\n${linkSiteLine(host)}\n${linkAccountLine(accountId)}`;
}
const linkSiteLine = (host: string) => `Site: ${host}`;
const linkAccountLine = (accountId: string) => `Account: ${accountId}`;

export interface ParsedMessage {
  timestamp: number;
  uuid: string;
}

/** Reads a sign-in message made for `host`; undefined when it is not in the format above. */
export function parseLoginMessage(message: string, host: string): ParsedMessage | undefined {
  const lines = message.split('\n');
  if (lines.length !== 3 || lines[0] !== loginMessageHeading(host)) return undefined;
  return parseParts(lines[1]!, lines[2]!);
}

/**
 * Reads a link message made on `host` for the account `accountId`; undefined when it is not
 * 'Sign this message to verify your wallet: {timestamp}:{uuid}' followed by those two lines.
 */
export function parseLinkMessage(message: string, host: string, accountId: string): ParsedMessage | undefined {
  const lines = message.split('\n');
  if (lines.length !== 3 || lines[1] !== linkSiteLine(host) || lines[2] !== linkAccountLine(accountId)) return undefined;
  const first = lines[0]!;
  if (!first.startsWith(LINK_MESSAGE_PREFIX)) return undefined;
  const rest = first.slice(LINK_MESSAGE_PREFIX.length);
  const colon = rest.indexOf(':');
  if (colon < 0) return undefined;
  return parseParts(rest.slice(0, colon), rest.slice(colon + 1));
}

function parseParts(ts: string, uuid: string): ParsedMessage | undefined {
  if (!/^\d{13}$/.test(ts) || !UUID.test(uuid)) return undefined;
  return { timestamp: Number(ts), uuid: uuid.toLowerCase() };
}

/** 'fresh', or why a message's timestamp is refused. */
export function messageAge(timestamp: number, now: number): 'fresh' | 'stale' | 'future' {
  if (timestamp > now + MESSAGE_MAX_SKEW_MS) return 'future';
  if (now - timestamp > MESSAGE_MAX_AGE_MS) return 'stale';
  return 'fresh';
}

/** A Solana address: base58 of a 32-byte ed25519 public key (32 to 44 characters). */
export const WalletAddressSchema = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid wallet address');

export const WalletProofSchema = z.object({
  walletAddress: WalletAddressSchema,
  /** base58 or base64 of the 64-byte ed25519 signature. */
  signature: z.string().min(64).max(200),
  message: z.string().min(1).max(500),
});
export type WalletProof = z.infer<typeof WalletProofSchema>;

export const REGISTRATION_USERNAME_MAX = 20;

/** docs/product.md §5, Complete Your Registration. */
export const RegistrationUsernameSchema = z.string().regex(USERNAME_PATTERN, USERNAME_RULE_MESSAGE);
export const RegistrationDisplayNameSchema = DisplayNameSchema;

export const WalletRegistrationSchema = WalletProofSchema.extend({
  username: RegistrationUsernameSchema,
  displayName: RegistrationDisplayNameSchema,
});
export type WalletRegistration = z.infer<typeof WalletRegistrationSchema>;

/** The registration dialog's username default: the address's first 4 characters and `_glint`. */
export function defaultWalletUsername(address: string): string {
  return `${address.slice(0, 4)}${WALLET_USERNAME_SUFFIX}`;
}

/** The live check of the registration username field; undefined when fine (or under 3 characters). */
export function registrationUsernameError(username: string): string | undefined {
  if (username.length < 3) return undefined;
  return USERNAME_PATTERN.test(username) ? undefined : USERNAME_RULE_MESSAGE;
}

export const AvailabilityQuerySchema = z.object({
  username: z.string().max(64).optional(),
  displayName: z.string().max(64).optional(),
});
export const AvailabilitySchema = z.object({
  username: z.object({ available: z.boolean(), message: z.string().optional() }).optional(),
  displayName: z.object({ available: z.boolean(), message: z.string().optional() }).optional(),
});
export type Availability = z.infer<typeof AvailabilitySchema>;
export { USERNAME_TAKEN };
// The display-name rule is the account's, written once in ./auth.ts; registration imports it from here.
export { DISPLAY_NAME_FIELD_MAX_LENGTH, DISPLAY_NAME_REQUIRED, DISPLAY_NAME_TAKEN, DISPLAY_NAME_TOO_LONG } from '../auth/auth.js';

/** Wallet messages of docs/product.md §8 that the server sends as they are. */
export const WALLET_NOT_REGISTERED = 'Wallet not registered. Please sign up first.';
export const WALLET_LINKED_ELSEWHERE = 'This wallet is linked to another account. Please try again.';
export const WALLET_VERIFICATION_FAILED = 'Wallet verification failed';
