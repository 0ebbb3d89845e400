import { describe, expect, it } from 'vitest';
import { holderOf, holdsGrant, newHolderSecret, readGrant, signGrant } from './grants.js';
import { isPaidMediaFile, rewriteMasterPlaylist } from './playlist.js';

const secret = 'a-session-secret-of-at-least-32-characters';
const videoId = '2b8e0b7a-6f0a-4c39-9a55-1d9e1f3c1a11';
const exp = Math.floor(Date.now() / 1000) + 600;

describe('media grants', () => {
  it('reads back what it signed, for an account or for a holder secret, and is short enough for a path segment', () => {
    const holder = holderOf(newHolderSecret())!;
    for (const who of [
      { userId: 'XyZ0123456789abcdefABCDEF012345', holder: null },
      { userId: null, holder },
    ]) {
      const token = signGrant(secret, { videoId, ...who, exp });
      expect(token.length).toBeLessThan(100);
      expect(readGrant(secret, videoId, token)).toEqual({ videoId, ...who, exp });
    }
    // Neither, or both: no such grant is made.
    expect(() => signGrant(secret, { videoId, userId: null, holder: null, exp })).toThrow();
    expect(() => signGrant(secret, { videoId, userId: 'alice', holder, exp })).toThrow();
  });

  it('refuses another video, another secret, an altered account, holder or expiry, and an expired grant', () => {
    const token = signGrant(secret, { videoId, userId: 'alice', holder: null, exp });
    const [e, , mac] = token.split('.');
    expect(readGrant(secret, '00000000-0000-4000-8000-000000000000', token)).toBeUndefined();
    expect(readGrant(`${secret}!`, videoId, token)).toBeUndefined();
    expect(readGrant(secret, videoId, `${e}.mallory.${mac}`)).toBeUndefined();
    expect(readGrant(secret, videoId, `${e}.-.${mac}`)).toBeUndefined();
    expect(readGrant(secret, videoId, `${(exp + 1).toString(36)}.alice.${mac}`)).toBeUndefined();
    expect(readGrant(secret, videoId, token, (exp + 1) * 1000)).toBeUndefined();
    expect(readGrant(secret, videoId, 'not-a-grant')).toBeUndefined();
    const guest = signGrant(secret, { videoId, userId: null, holder: holderOf(newHolderSecret())!, exp });
    const [ge, , , gmac] = guest.split('.');
    expect(readGrant(secret, videoId, `${ge}.-.${holderOf(newHolderSecret())!}.${gmac}`)).toBeUndefined();
    expect(readGrant(secret, videoId, `${ge}.-.${gmac}`)).toBeUndefined();
  });

  it('is good without an account only with the holder secret it was made for', () => {
    const mine = newHolderSecret();
    const grant = readGrant(secret, videoId, signGrant(secret, { videoId, userId: null, holder: holderOf(mine)!, exp }))!;
    expect(holdsGrant(grant, mine)).toBe(true);
    for (const other of [newHolderSecret(), undefined, '', holderOf(mine)!, `${mine}x`]) expect(holdsGrant(grant, other), String(other)).toBe(false);
    // An account's grant is never good by a cookie.
    const account = readGrant(secret, videoId, signGrant(secret, { videoId, userId: 'alice', holder: null, exp }))!;
    expect(holdsGrant(account, mine)).toBe(false);
  });
});

describe('the paid master playlist', () => {
  it('points every rendition at the private route, and drops addresses outside the video', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",URI="audio/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=2000000',
      '720p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=1',
      'https://evil.example/x.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=2',
      '../../other/index.m3u8',
    ].join('\n');
    expect(rewriteMasterPlaylist(master, '/api/videos/v/paid/g').split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",URI="/api/videos/v/paid/g/hls/audio/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=2000000',
      '/api/videos/v/paid/g/hls/720p/index.m3u8',
    ]);
  });

  it('serves the HLS tree and the sprite, nothing else', () => {
    for (const ok of ['hls/master.m3u8', 'hls/720p/index.m3u8', 'hls/720p/seg-000001.ts', 'sprite.jpg']) expect(isPaidMediaFile(ok), ok).toBe(true);
    for (const bad of ['thumb-0.jpg', 'hls/../sprite.jpg', '../videos/x/hls/master.m3u8', 'hls/x.json', '/etc/passwd', 'hls//a.ts', ''])
      expect(isPaidMediaFile(bad), bad).toBe(false);
  });
});
