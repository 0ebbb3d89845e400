import { describe, expect, it } from 'vitest';
import { appPath, isSkipWaiting, servesShell } from './rules';

describe('servesShell', () => {
  it('answers the app’s screens with the cached shell', () => {
    for (const path of [
      '/',
      '/app',
      '/shorts',
      '/streams',
      '/submit',
      '/glint/ada/my-video/1',
      '/apps',
      '/mediaroom',
      '/not-a-screen',
      '/embedded',
      '/profile/solwhale',
    ]) {
      expect(servesShell(path), path).toBe(true);
    }
  });

  it('never answers the API, its docs page, media or the native sign-in’s return link from the cache', () => {
    for (const path of [
      '/api',
      '/api/',
      '/api/docs',
      '/api/docs/static/index.html',
      '/api/auth/get-session',
      '/api/health',
      '/media',
      '/media/videos/1/master.m3u8',
      '/app/native/return',
      '/embed/0b9f3c1e-1111-4aaa-8bbb-123456789abc',
      '/robots.txt',
      '/sitemap.xml',
      '/sitemaps/videos-1.xml',
      '/feed.xml',
      '/profile/solwhale/feed.xml',
    ]) {
      expect(servesShell(path), path).toBe(false);
    }
  });
});

describe('appPath', () => {
  it('opens a path of this app', () => {
    expect(appPath('/stream/abc')).toBe('/stream/abc');
    expect(appPath('/shorts?video=1')).toBe('/shorts?video=1');
  });

  it('opens /app for anything that could leave the site or is not a path', () => {
    for (const url of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', undefined, null, 42, {}]) {
      expect(appPath(url)).toBe('/app');
    }
  });
});

describe('isSkipWaiting', () => {
  it('recognises workbox-window’s message and nothing else', () => {
    expect(isSkipWaiting({ type: 'SKIP_WAITING' })).toBe(true);
    for (const data of [null, undefined, 'SKIP_WAITING', { type: 'skip_waiting' }, { kind: 'SKIP_WAITING' }]) expect(isSkipWaiting(data)).toBe(false);
  });
});
