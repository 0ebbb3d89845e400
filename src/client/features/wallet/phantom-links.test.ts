import { describe, expect, it } from 'vitest';
import { missingPhantomLink, OPEN_IN_PHANTOM, phantomBrowseUrl } from './phantom-links';
import { INSTALL_LINK } from './wallet-errors';

const at = (href: string) => {
  const u = new URL(href);
  return { href: u.href, origin: u.origin, pathname: u.pathname, search: u.search };
};

describe('phantomBrowseUrl', () => {
  it('opens the page, encoded whole, inside Phantom with the site as ref', () => {
    const url = phantomBrowseUrl('https://glint.example/bounties/42?tab=claims&x=a b', 'https://glint.example/anything');
    expect(url).toBe('https://phantom.app/ul/browse/https%3A%2F%2Fglint.example%2Fbounties%2F42%3Ftab%3Dclaims%26x%3Da%2520b?ref=https%3A%2F%2Fglint.example');
    const parsed = new URL(url!);
    expect(parsed.origin).toBe('https://phantom.app');
    expect(decodeURIComponent(parsed.pathname.slice('/ul/browse/'.length))).toBe('https://glint.example/bounties/42?tab=claims&x=a%20b');
    expect(parsed.searchParams.get('ref')).toBe('https://glint.example');
  });

  it('hands Phantom nothing but an http(s) page', () => {
    expect(phantomBrowseUrl('javascript:alert(1)', 'https://glint.example')).toBeNull();
    expect(phantomBrowseUrl('capacitor://localhost/app', 'https://glint.example')).toBeNull();
    expect(phantomBrowseUrl('not a url', 'https://glint.example')).toBeNull();
    expect(phantomBrowseUrl('https://glint.example/app', 'capacitor://localhost')).toBeNull();
  });
});

describe('missingPhantomLink', () => {
  it('in the native app opens the same screen on the Glint server inside Phantom', () => {
    const link = missingPhantomLink({ native: true, phone: true, location: at('capacitor://localhost/bounties/7?x=1'), serverOrigin: 'https://glint.example' });
    expect(link.label).toBe(OPEN_IN_PHANTOM);
    expect(link.href).toBe(phantomBrowseUrl('https://glint.example/bounties/7?x=1', 'https://glint.example'));
  });

  it('in a phone browser opens this page inside Phantom; on a computer, or natively without a server address, offers the install', () => {
    const phone = missingPhantomLink({ native: false, phone: true, location: at('https://glint.example/app'), serverOrigin: null });
    expect(phone).toEqual({ label: OPEN_IN_PHANTOM, href: phantomBrowseUrl('https://glint.example/app', 'https://glint.example') });
    expect(missingPhantomLink({ native: false, phone: false, location: at('https://glint.example/app'), serverOrigin: null })).toEqual(INSTALL_LINK);
    expect(missingPhantomLink({ native: true, phone: true, location: at('https://localhost/app'), serverOrigin: null })).toEqual(INSTALL_LINK);
  });
});
