import { describe, expect, it } from 'vitest';
import { AllowedDomainSchema, AllowedDomainsSchema, externalTarget, leavingHref, linkToAllowedDomain, shownDomain } from './external-links.js';

describe('external links in user content', () => {
  it('go only to http and https addresses with a host', () => {
    expect(externalTarget('https://phantom.app/download')?.href).toBe('https://phantom.app/download');
    expect(externalTarget('http://example.com')?.hostname).toBe('example.com');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      '/app',
      '//evil.example',
      'file:///etc/passwd',
      'ftp://x.example',
      '',
      null,
    ]) {
      expect(externalTarget(bad)).toBeNull();
    }
  });

  it('open the leaving page, which names the whole address', () => {
    expect(leavingHref('https://a.example/x?y=1&z=2')).toBe('/leaving?to=https%3A%2F%2Fa.example%2Fx%3Fy%3D1%26z%3D2');
  });

  it('show the domain a look-alike really is', () => {
    // A Cyrillic "р" in place of the Latin "p".
    expect(shownDomain(new URL('https://\u0440hantom.app/claim'))).toBe('xn--hantom-9qf.app');
    expect(shownDomain(new URL('https://www.phantom.app'))).toBe('phantom.app');
    // Credentials before an @ are not the host.
    expect(shownDomain(new URL('https://phantom.app@drainer.example/'))).toBe('drainer.example');
  });
});

describe('allowed link domains', () => {
  it('are kept as host names and allow their subdomains, nothing that only looks alike', () => {
    expect(AllowedDomainsSchema.parse(['Example.com', 'https://www.docs.glint.example/path', 'example.com'])).toEqual(['example.com', 'docs.glint.example']);
    for (const bad of ['localhost', '10.0.0.1', 'javascript:alert(1)', 'a b.com', '']) {
      expect(AllowedDomainSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe('Enter a domain such as example.com');
    }
    const allowed = ['example.com'];
    expect(linkToAllowedDomain('https://example.com/a', allowed)).toBe(true);
    expect(linkToAllowedDomain('https://docs.example.com', allowed)).toBe(true);
    expect(linkToAllowedDomain('https://example.com.evil.io', allowed)).toBe(false);
    expect(linkToAllowedDomain('https://badexample.com', allowed)).toBe(false);
    expect(linkToAllowedDomain('https://exаmple.com', allowed)).toBe(false);
    expect(linkToAllowedDomain('javascript:example.com', allowed)).toBe(false);
    expect(linkToAllowedDomain('https://example.com', [])).toBe(false);
  });
});
