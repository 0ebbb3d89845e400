// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { escapeMarkdown } from '../../../shared/support/support';
import { mountPerTest } from '../../test-support/mount';
import { SupportAnswer } from './support-answer';

const view = mountPerTest();

/** The answer as the panel renders it; its root element. */
function render(text: string, onNavigate = () => undefined) {
  act(() =>
    view.root.render(
      <MemoryRouter>
        <SupportAnswer text={text} onNavigate={onNavigate} />
      </MemoryRouter>,
    ),
  );
  return view.host.firstElementChild!;
}

const links = (el: Element) => [...el.querySelectorAll('a')].map((a) => ({ text: a.textContent, href: a.getAttribute('href') }));
/** Every element the answer became, by tag name. */
const tags = (el: Element) => [...el.querySelectorAll('*')].map((e) => e.tagName.toLowerCase());

afterEach(() => vi.unstubAllGlobals());

describe('SupportAnswer', () => {
  it('renders a help article’s paragraphs, list, inline code, emphasis and a link to its screen', () => {
    const el = render(
      [
        '**Go live from OBS**',
        '',
        'On **Upload → Go live** (`/submit`) the OBS panel shows the *server address* and a _stream key_.',
        '',
        '- The key is shown once.',
        '- A publish with a wrong key is cut off.',
        '',
        'Sources:',
        '- [Go live from OBS](/submit)',
      ].join('\n'),
    );
    expect(el.querySelectorAll('p').length).toBe(3);
    const lists = el.querySelectorAll('ul');
    expect(lists.length).toBe(2);
    expect([...lists[0]!.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['The key is shown once.', 'A publish with a wrong key is cut off.']);
    expect(el.querySelector('code')?.textContent).toBe('/submit');
    expect(el.querySelector('code')?.closest('p')).not.toBeNull();
    expect([...el.querySelectorAll('strong')].map((s) => s.textContent)).toEqual(['Go live from OBS', 'Upload → Go live']);
    expect([...el.querySelectorAll('em')].map((s) => s.textContent)).toEqual(['server address', 'stream key']);
    expect(links(el)).toEqual([{ text: 'Go live from OBS', href: '/submit' }]);
    expect(el.textContent).not.toMatch(/[`*•]/);
  });

  it('renders numbered lists, code blocks and headings', () => {
    const el = render('## Settings\n\n1. Open OBS\n2. Paste the key\n\n```\nrtmp://glint.example/live\n```');
    expect(el.querySelector('h3')?.textContent).toBe('Settings');
    expect([...el.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['Open OBS', 'Paste the key']);
    expect(el.querySelector('pre > code')?.textContent).toBe('rtmp://glint.example/live\n');
  });

  it('follows a link to a Glint screen in the app, and tells the panel', () => {
    const onNavigate = vi.fn();
    const el = render('See [Tips](/tips?x=1#how).', onNavigate);
    const link = el.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/tips?x=1#how');
    act(() => link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })));
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('keeps a path written with a backslash (`/\\host`, which a browser reads as `//host`) on this site', () => {
    const el = render('[a](/\\evil.example) [b](/\\\\evil.example)');
    const hrefs = links(el).map((l) => l.href!);
    expect(hrefs).toEqual(['/%5Cevil.example', '/%5Cevil.example']);
    for (const href of hrefs) expect(new URL(href, 'https://glint.example/app').origin).toBe('https://glint.example');
  });

  it('shows a link to anywhere but a Glint path as its words alone', () => {
    const el = render(
      [
        '[claim](https://evil.example/claim)',
        '[proto](//evil.example/x)',
        '[js](javascript:alert(1))',
        '[JS](JaVaScRiPt:alert(1))',
        '[entity](&#106;avascript:alert(1))',
        '[data](data:text/html,<script>alert(1)</script>)',
        '[mail](mailto:a@evil.example)',
        '<https://evil.example/auto>',
        '[ref][r]',
        '',
        '[r]: javascript:alert(1)',
      ].join('\n'),
    );
    expect(el.querySelectorAll('a').length).toBe(0);
    expect(el.textContent).toContain('claim');
    expect(el.textContent).toContain('https://evil.example/auto');
    expect(el.innerHTML).not.toMatch(/href|javascript:/i);
  });

  it('renders no element from HTML in an answer, and runs none of it', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const el = render(
      [
        '<script>alert(1)</script>',
        '',
        '<img src=x onerror=alert(1)>',
        '',
        'Inline <img src=x onerror=alert(1)> and <b onmouseover=alert(1)>bold</b> <iframe src="javascript:alert(1)"></iframe>',
        '',
        '![pixel](/track.png) <a href="javascript:alert(1)">click</a>',
      ].join('\n'),
    );
    expect(tags(el).filter((t) => !['p'].includes(t))).toEqual([]);
    expect(el.innerHTML).not.toMatch(/<(script|img|iframe|b|a)\b|onerror|onmouseover/i);
    expect(el.textContent).not.toContain('alert');
    expect(el.textContent).toContain('Inline');
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows a title a user wrote, escaped by the server, as exactly that text', () => {
    const title = '<img src=x onerror=alert(1)> **[Airdrop](https://evil.example)** `x` &amp; _y_ # z';
    const el = render(`- [${escapeMarkdown(title)}](/stream/s1) by @${escapeMarkdown('ana_b')}`);
    expect(links(el)).toEqual([{ text: title, href: '/stream/s1' }]);
    expect(el.querySelector('li')?.textContent).toBe(`${title} by @ana_b`);
    expect(tags(el)).toEqual(['ul', 'li', 'a']);
  });
});
