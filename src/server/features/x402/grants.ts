import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A grant lets one viewer fetch one paid video's private media (playlists, segments, the preview
 * sprite) for a while. It travels in the media path (`/api/videos/<id>/paid/<grant>/...`), so HLS
 * players need nothing special, and is signed with a key derived from the session secret over the
 * video, who holds it and the expiry. The address alone never plays for anyone else:
 * - a grant made for an account is only good with that account's session;
 * - a grant for a buyer without an account (a script) names the hash of a secret the buyer was
 *   given at purchase in an httpOnly cookie (`HOLDER_COOKIE`), and is only good with that cookie.
 */
export interface Grant {
  videoId: string;
  /** The account the grant is for, or null for a buyer without one. */
  userId: string | null;
  /** For a buyer without an account: the hash of their holder secret (`holderOf`); null for an account. */
  holder: string | null;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

/** How long a grant lasts: longer than the longest video (4 h), so playback never stops for it. */
export const GRANT_SECONDS = 6 * 3600;

/** The cookie that holds a buyer's secret without an account, scoped to that video's paid media. */
export const HOLDER_COOKIE = 'glint.x402_holder';

const SECRET_RE = /^[A-Za-z0-9_-]{43}$/;
const HOLDER_RE = /^[A-Za-z0-9_-]{22}$/;

/** A new holder secret (256 bits, base64url): it goes in the buyer's cookie, never in an address. */
export const newHolderSecret = () => randomBytes(32).toString('base64url');

/** What a grant names of a holder secret: a hash, so the address gives the secret away to no one. */
export function holderOf(secret: string | undefined): string | undefined {
  if (!secret || !SECRET_RE.test(secret)) return undefined;
  return createHash('sha256').update(`glint:x402:holder|${secret}`).digest().subarray(0, 16).toString('base64url');
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('glint:x402:media-grant').digest();
const macOf = (secret: string, g: Grant) =>
  createHmac('sha256', keyOf(secret))
    .update(`${g.videoId}|${g.userId ?? ''}|${g.holder ?? ''}|${g.exp}`)
    .digest()
    .subarray(0, 16);

/**
 * `<expiry base36>.<account id>.<mac>` for an account, `<expiry base36>.-.<holder>.<mac>` for a
 * buyer without one: short enough for a path segment.
 */
export function signGrant(secret: string, grant: Grant): string {
  if ((grant.userId === null) === (grant.holder === null)) throw new Error('grant: an account or a holder, exactly one');
  if (grant.userId !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(grant.userId)) throw new Error('grant: unexpected account id');
  if (grant.holder !== null && !HOLDER_RE.test(grant.holder)) throw new Error('grant: unexpected holder');
  const who = grant.userId ?? `-.${grant.holder!}`;
  return `${grant.exp.toString(36)}.${who}.${macOf(secret, grant).toString('base64url')}`;
}

/**
 * The grant a token carries for this video, when its signature holds and it has not expired;
 * undefined otherwise. Whether the request may use it (the account's session, the holder's
 * cookie) is for the caller to check.
 */
export function readGrant(secret: string, videoId: string, token: string, now = Date.now()): Grant | undefined {
  const m = /^([0-9a-z]{1,10})\.(?:-\.([A-Za-z0-9_-]{22})|([A-Za-z0-9_-]{1,64}))\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return undefined;
  const grant: Grant = { videoId, userId: m[3] ?? null, holder: m[2] ?? null, exp: parseInt(m[1]!, 36) };
  if (grant.userId === '-') return undefined;
  const given = Buffer.from(m[4]!, 'base64url');
  const expected = macOf(secret, grant);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (grant.exp * 1000 <= now) return undefined;
  return grant;
}

/** Whether this holder secret (from the request's cookie) is the one the grant was made for. */
export function holdsGrant(grant: Grant, secret: string | undefined): boolean {
  const h = holderOf(secret);
  if (!grant.holder || !h) return false;
  return timingSafeEqual(Buffer.from(h), Buffer.from(grant.holder));
}
