import { describe, expect, it } from 'vitest';
import { parseXml as parse } from '../../test-support/dom.js';
import { escapeXml, xmlElement, XML_DECLARATION } from './xml.js';

describe('escapeXml', () => {
  it('escapes the markup characters so the text reads back as it was', () => {
    const text = `Tom & Jerry's <b>"best"</b> ]]> moments`;
    expect(escapeXml(text)).toBe('Tom &amp; Jerry&apos;s &lt;b&gt;&quot;best&quot;&lt;/b&gt; ]]&gt; moments');
    const doc = parse(`${XML_DECLARATION}<r a="${escapeXml(text)}">${xmlElement('t', text)}</r>`);
    expect(doc.querySelector('t')!.textContent).toBe(text);
    expect(doc.documentElement.getAttribute('a')).toBe(text);
  });

  it('drops the characters XML cannot carry and keeps the rest of Unicode', () => {
    const text = 'a\u0000b\u0008c\u001Fd\uFFFEe\uD800f\tg\nh 🚀 é';
    const escaped = escapeXml(text);
    expect(escaped).toBe('abcdef\tg\nh 🚀 é');
    expect(parse(`<t>${escaped}</t>`).documentElement.textContent).toBe('abcdef\tg\nh 🚀 é');
  });

  it('would not parse without it', () => {
    expect(() => parse('<t>a & b</t>')).toThrow();
  });
});
