import { describe, expect, it } from 'vitest';
import { deepLinkHosts, routeFromDeepLink } from './deep-links';

const HOSTS = ['glint.example'];
const route = (url: string) => routeFromDeepLink(url, HOSTS);

describe('routeFromDeepLink', () => {
  it('opens videos, shorts and streams of our own host in the app, query kept, fragment dropped', () => {
    expect(route('https://glint.example/glint/ann/my-first-video/v1')).toBe('/glint/ann/my-first-video/v1');
    expect(route('https://glint.example/glint/v1')).toBe('/glint/v1');
    expect(route('https://GLINT.example/glint')).toBe('/glint');
    expect(route('https://glint.example/shorts?video=abc#top')).toBe('/shorts?video=abc');
    expect(route('https://glint.example/shorts/ann/clip/s1')).toBe('/shorts/ann/clip/s1');
    expect(route('https://glint.example/stream/ann/live-now/s2/')).toBe('/stream/ann/live-now/s2');
    expect(route('https://glint.example/stream/s2')).toBe('/stream/s2');
  });

  it('takes the app scheme too', () => {
    expect(route('glint://glint/v1')).toBe('/glint/v1');
    expect(route('glint:///shorts?video=abc')).toBe('/shorts?video=abc');
    expect(route('glint://stream/ann/live/s2')).toBe('/stream/ann/live/s2');
  });

  it('refuses other hosts, lookalikes, ports and credentials', () => {
    for (const url of [
      'https://evil.example/glint/v1',
      'https://glint.example.evil.example/glint/v1',
      'https://evilglint.example/glint/v1',
      'https://glint.example:8443/glint/v1',
      'https://user:pw@glint.example/glint/v1',
      'https://glint.example@evil.example/glint/v1',
      'http://glint.example/glint/v1',
    ]) {
      expect(route(url), url).toBeNull();
    }
  });

  it('refuses scripts, data, files and other schemes', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript://glint.example/%0Aalert(1)',
      'glint:javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'intent://glint/v1#Intent;scheme=https;end',
      'capacitor://localhost/glint/v1',
      '//evil.example/glint/v1',
      '/glint/v1',
      '',
    ]) {
      expect(route(url), url).toBeNull();
    }
  });

  it('refuses paths outside the deep-link routes, and tricks to leave them', () => {
    for (const url of [
      'https://glint.example/',
      'https://glint.example/settings',
      'https://glint.example/admin/roles',
      'https://glint.example/api/auth/sign-out',
      // The Google sign-in's return link is the sign-in's business, never a screen to show.
      'https://glint.example/app/native/return?code=abc',
      'https://glint.example/glint/a/b/c/d',
      'https://glint.example/glint/../admin/roles',
      'https://glint.example/glint/%2e%2e/admin/roles',
      'https://glint.example/glint/%2F%2Fevil.example',
      'https://glint.example//evil.example/glint/v1',
      'https://glint.example/glint//v1',
      'https://glint.example/glint/v1\\evil',
      'https://glint.example/streams',
      'https://glint.example/glintx/v1',
      'glint://evil.example/glint/v1',
      'glint://glint//evil.example',
      `https://glint.example/glint/${'a'.repeat(3000)}`,
    ]) {
      expect(route(url), url).toBeNull();
    }
  });

  it('knows no host without a server address', () => {
    expect(deepLinkHosts(null)).toEqual([]);
    expect(deepLinkHosts('https://Glint.Example')).toEqual(['glint.example']);
    expect(routeFromDeepLink('https://glint.example/glint/v1', [])).toBeNull();
  });
});
