import { z } from 'zod';

/** The requests of Google sign-in from the native app (the rules and messages: ./native-auth-rules.ts). */

/** 32 random bytes in base64url, no padding: the verifier, its challenge, the flow id and the one-time code. */
const Base64Url256 = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Expected 32 bytes in base64url');

/** The app registers its challenge before it opens the browser. */
export const NativeGoogleFlowSchema = z.object({ challenge: Base64Url256 }).strict();
export const NativeGoogleFlowAnswerSchema = z.object({ flow: Base64Url256 });

/** The browser starts with the flow id the app was given, and nothing else. */
export const NativeGoogleStartQuerySchema = z.object({ flow: Base64Url256 }).strict();

export const NativeGoogleReturnQuerySchema = z.object({
  flow: Base64Url256,
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
  two_factor: z.string().max(20).optional(),
});

/** The confirmation page's form: Continue or Cancel, with the page's anti-forgery token. */
export const NativeGoogleContinueSchema = z.object({ flow: Base64Url256, csrf: Base64Url256, action: z.enum(['continue', 'cancel']) }).strict();

export const NativeGoogleExchangeSchema = z.object({ code: Base64Url256, verifier: Base64Url256 }).strict();
