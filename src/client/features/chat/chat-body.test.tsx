// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '../../test-support/mount';
import { ChatBody } from './chat-body';

const view = mountPerTest();

function render(body: string, linksAllowed: boolean, allowedDomains: string[] = []) {
  act(() => view.root.render(<ChatBody body={body} linksAllowed={linksAllowed} allowedDomains={allowedDomains} />));
  return view.host;
}

describe('ChatBody', () => {
  it('leaves a chatter’s address as text: nothing to click', () => {
    const el = render('free SOL at https://drainer.example/claim now', false);
    expect(el.querySelectorAll('a')).toHaveLength(0);
    expect(el.textContent).toBe('free SOL at https://drainer.example/claim now');
  });

  it('links the creator’s address through the leaving page, never straight to the site', () => {
    const el = render('charts: https://glint.example/a?b=1.', true);
    const links = [...el.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['https://glint.example/a?b=1', '/leaving?to=https%3A%2F%2Fglint.example%2Fa%3Fb%3D1', '_blank'],
    ]);
    expect(el.textContent).toBe('charts: https://glint.example/a?b=1.');
  });

  it('links a chatter’s address only when the channel allows its domain', () => {
    const el = render('docs https://docs.glint.example/x and https://glint.example.evil.io/x', false, ['glint.example']);
    expect([...el.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['https://docs.glint.example/x']);
  });
});
