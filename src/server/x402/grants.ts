import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A grant lets one viewer fetch one paid video's private media (playlists, segments, the preview
 * sprite) for a while. It travels in the media path (`/api/videos/<id>/paid/<grant>/...`), so HLS
 * players need nothing special, and is signed with a key derived from the session secret over the
 * video, the account and the expiry. A grant made for an account is only good with that
 * account's session (a copied link is useless to anyone else); a grant for a buyer without an
 * account (a script) is good by itself until it expires.
 */
export interface Grant {
  videoId: string;
  /** The account the grant is for, or null for a buyer without one. */
  userId: string | null;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

/** How long a grant lasts: longer than the longest video (4 h), so playback never stops for it. */
export const GRANT_SECONDS = 6 * 3600;

const keyOf = (secret: string) => createHmac('sha256', secret).update('glint:x402:media-grant').digest();
const macOf = (secret: string, g: Grant) =>
  createHmac('sha256', keyOf(secret))
    .update(`${g.videoId}|${g.userId ?? ''}|${g.exp}`)
    .digest()
    .subarray(0, 16);

/** `<expiry base36>.<account id or ->.<mac>`: short enough for a path segment. */
export function signGrant(secret: string, grant: Grant): string {
  if (grant.userId !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(grant.userId)) throw new Error('grant: unexpected account id');
  return `${grant.exp.toString(36)}.${grant.userId ?? '-'}.${macOf(secret, grant).toString('base64url')}`;
}

/** The grant a token carries for this video, when its signature holds and it has not expired; undefined otherwise. */
export function readGrant(secret: string, videoId: string, token: string, now = Date.now()): Grant | undefined {
  const m = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return undefined;
  const grant: Grant = { videoId, userId: m[2] === '-' ? null : m[2]!, exp: parseInt(m[1]!, 36) };
  const given = Buffer.from(m[3]!, 'base64url');
  const expected = macOf(secret, grant);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (grant.exp * 1000 <= now) return undefined;
  return grant;
}
