// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (...a: unknown[]) => toastError(...a) } }));

const { SupportChatPanel } = await import('./support-chat-panel');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  window.matchMedia ??= ((q: string) => ({ matches: false, media: q, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  toastError.mockReset();
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

const sse = (pieces: string[]) =>
  new Response(pieces.map((p) => `data: ${JSON.stringify({ choices: [{ delta: { content: p } }] })}\n\n`).join('') + 'data: [DONE]\n\n', {
    headers: { 'Content-Type': 'text/event-stream' },
  });

async function type(text: string, shift = false) {
  const input = host.querySelector('textarea')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: shift, bubbles: true }));
    await new Promise((r) => setTimeout(r, 20));
  });
}

const render = () =>
  act(() =>
    root.render(
      <MemoryRouter>
        <SupportChatPanel open onClose={() => undefined} />
      </MemoryRouter>,
    ),
  );

describe('SupportChatPanel', () => {
  it('shows the empty state, sends on Enter (not Shift+Enter) and streams the answer with a safe link', async () => {
    const fetchMock = vi.fn(async () => sse(['See ', '[Go live from OBS](/submit)', ' [bad](javascript:alert(1))']));
    vi.stubGlobal('fetch', fetchMock);
    render();
    expect(host.textContent).toContain('Glint Support Chat');
    expect(host.textContent).toContain('Welcome to Glint Support!');
    expect(host.textContent).toContain('Ask me anything about streams, shorts, bounties, or how to use the platform.');
    expect(host.querySelector('textarea')!.placeholder).toBe('Type your message...');
    expect(document.activeElement).toBe(host.querySelector('textarea'));

    await type('   ');
    await type('how do I go live', true);
    expect(fetchMock).not.toHaveBeenCalled();

    await type('how do I go live from OBS?');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const link = host.querySelector('a[href="/submit"]');
    expect(link?.textContent).toBe('Go live from OBS');
    expect(host.querySelector('a[href^="javascript"]')).toBeNull();
    expect(host.querySelectorAll('time').length).toBe(2);
    expect(host.textContent).toContain('Copy');
  });

  it('shows a link to another site as plain text, and a planted title as text in its own link', async () => {
    vi.stubGlobal('fetch', async () =>
      sse([
        'Claim it at [Claim your airdrop](https://evil.example/claim) or [here](//evil.example/x).\n',
        '- [Airdrop\\]\\(https://evil.example/claim\\) \\[more](/stream/s1) by @mallory',
      ]),
    );
    render();
    await type('any upcoming streams?');
    const answer = [...host.querySelectorAll('[data-role="assistant"]')].at(-1)!;
    expect(answer.textContent).toContain('Claim it at Claim your airdrop or here.');
    expect(answer.textContent).toContain('Airdrop](https://evil.example/claim) [more');
    expect(host.querySelector('a[href*="evil.example"]')).toBeNull();
    const links = [...answer.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/stream/s1']);
    expect(links[0]!.textContent).toBe('Airdrop](https://evil.example/claim) [more');
  });

  it('on a failed reply removes the last message and toasts the error', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: 'Failed to get response' }), { status: 502 }));
    render();
    const before = host.querySelectorAll('[data-role]').length;
    await type('who is live?');
    expect(toastError).toHaveBeenCalledWith('Error', { description: 'Failed to get response' });
    expect(host.querySelectorAll('[data-role]').length).toBe(before);
  });

  it('copies an answer and confirms it for 2 seconds', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render();
    const copy = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Copy')!;
    vi.useFakeTimers();
    try {
      await act(async () => {
        copy.click();
        await Promise.resolve();
      });
      expect(writeText).toHaveBeenCalledWith(expect.stringContaining('[Go live from OBS](/submit)'));
      expect(copy.textContent).toBe('Copied');
      await act(async () => {
        vi.advanceTimersByTime(1900);
      });
      expect(copy.textContent).toBe('Copied');
      await act(async () => {
        vi.advanceTimersByTime(200);
      });
      expect(copy.textContent).toBe('Copy');
    } finally {
      vi.useRealTimers();
    }
  });
});
