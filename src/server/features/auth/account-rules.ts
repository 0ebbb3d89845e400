import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import {
  DISPLAY_NAME_TAKEN,
  DisplayNameSchema,
  LEAKED_PASSWORD,
  PasswordSchema,
  SignupSchema,
  SignupUsernameSchema,
  USERNAME_TAKEN,
} from '../../../shared/auth/auth.js';
import type { Db } from '../../platform/db/client.js';
import { profiles } from '../../platform/db/schema/index.js';
import { isDisplayNameTaken, isUsernameTaken } from '../profiles/service.js';
import type { LeakedPasswordChecker } from './leaked-passwords.js';

/**
 * Glint's rules on what the account endpoints take (docs/product.md §5), applied in Better Auth's
 * hooks: the same schemas as the forms, unique names on every path, no field beyond the
 * endpoint's own.
 */

type Status = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'TOO_MANY_REQUESTS' | 'CONFLICT';
/** A refusal in Glint's words, mapped to the API's one error shape by the Fastify bridge. */
export const fail = (status: Status, message: string, code: string, extra: Record<string, unknown> = {}) => new APIError(status, { message, code, ...extra });

type Body = Record<string, unknown>;

/** What sign-up accepts; anything else sent along (an image, a role, a verified flag) is dropped. */
const SIGN_UP_FIELDS = new Set(['email', 'password', 'username', 'displayUsername', 'name', 'callbackURL', 'rememberMe']);
/** What `update-user` may change: the names, under the same rules as everywhere (never an image). */
const UPDATE_USER_FIELDS = new Set(['username', 'displayUsername', 'name']);

/** Keeps only `allowed` keys. Hook contexts are merged into the request, so others are removed in place. */
function keepOnly(body: Body, allowed: Set<string>) {
  for (const key of Object.keys(body)) if (!allowed.has(key)) delete body[key];
}

/** Checks a sign-up and returns the body Better Auth gets: sign-up's own fields, names filled in. */
export async function signUpBody(db: Db, leaked: LeakedPasswordChecker, body: Body): Promise<Body> {
  const parsed = SignupSchema.safeParse({
    username: body.username,
    displayName: body.displayUsername ?? body.name,
    email: body.email,
    password: body.password,
  });
  if (!parsed.success) throw fail('BAD_REQUEST', parsed.error.issues[0]!.message, 'INVALID_SIGNUP');
  if (await isUsernameTaken(db, parsed.data.username)) throw fail('CONFLICT', USERNAME_TAKEN, 'USERNAME_TAKEN');
  const displayName = parsed.data.displayName || parsed.data.username;
  if (await isDisplayNameTaken(db, displayName)) throw fail('CONFLICT', DISPLAY_NAME_TAKEN, 'DISPLAY_NAME_TAKEN');
  if (await leaked.isLeaked(parsed.data.password)) throw fail('BAD_REQUEST', LEAKED_PASSWORD, 'PASSWORD_COMPROMISED');
  const callbackURL = typeof body.callbackURL === 'string' ? body.callbackURL : '/app';
  const rememberMe = body.rememberMe;
  // Nothing a user typed beyond these becomes part of the account (an image would be a storage key).
  keepOnly(body, SIGN_UP_FIELDS);
  return {
    email: parsed.data.email,
    password: parsed.data.password,
    username: parsed.data.username,
    displayUsername: displayName,
    name: displayName,
    callbackURL,
    ...(typeof rememberMe === 'boolean' ? { rememberMe } : {}),
  };
}

/** Checks an `update-user` by `userId` in place: names only, by the same rules and unique. */
export async function checkNameUpdate(db: Db, userId: string, body: Body): Promise<void> {
  keepOnly(body, UPDATE_USER_FIELDS);
  if (body.username !== undefined) {
    const parsed = SignupUsernameSchema.safeParse(body.username);
    if (!parsed.success) throw fail('BAD_REQUEST', parsed.error.issues[0]!.message, 'INVALID_USERNAME');
    if (await isUsernameTaken(db, parsed.data, userId)) throw fail('CONFLICT', USERNAME_TAKEN, 'USERNAME_TAKEN');
  }
  const display = body.displayUsername ?? body.name;
  if (display !== undefined) {
    const parsed = DisplayNameSchema.safeParse(display);
    if (!parsed.success) throw fail('BAD_REQUEST', parsed.error.issues[0]!.message, 'INVALID_DISPLAY_NAME');
    if (await isDisplayNameTaken(db, parsed.data, userId)) throw fail('CONFLICT', DISPLAY_NAME_TAKEN, 'DISPLAY_NAME_TAKEN');
    body.name = body.displayUsername = parsed.data;
  }
}

/** After an `update-user`: the profile keeps the same names as the account. */
export async function syncProfileNames(db: Db, userId: string, body: Body): Promise<void> {
  const set: Partial<typeof profiles.$inferInsert> = {};
  if (typeof body.username === 'string') set.username = body.username.trim();
  if (typeof body.name === 'string') set.displayName = body.name;
  if (Object.keys(set).length)
    await db
      .update(profiles)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(profiles.id, userId));
}

/** A new password (reset or change) by the same rules as sign-up, never a breached one. */
export async function checkNewPassword(leaked: LeakedPasswordChecker, password: string): Promise<void> {
  const parsed = PasswordSchema.safeParse(password);
  if (!parsed.success) throw fail('BAD_REQUEST', parsed.error.issues[0]!.message, 'INVALID_PASSWORD');
  if (await leaked.isLeaked(password)) throw fail('BAD_REQUEST', LEAKED_PASSWORD, 'PASSWORD_COMPROMISED');
}
