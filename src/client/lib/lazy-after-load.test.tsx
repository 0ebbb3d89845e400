// @vitest-environment jsdom
import { act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyAfterLoad } from './lazy-after-load';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

function mount(node: React.ReactNode) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(node));
  return host;
}

describe('lazyAfterLoad', () => {
  it('fetches the code only a second after the page has loaded, showing the placeholder until then', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => ({ default: () => <p>the menu</p> }));
    const Menu = lazyAfterLoad(load);
    const host = mount(
      <Suspense fallback={<p>placeholder</p>}>
        <Menu />
      </Suspense>,
    );
    expect(host.textContent).toBe('placeholder');
    await act(async () => vi.advanceTimersByTimeAsync(500));
    expect(load).not.toHaveBeenCalled();
    // jsdom's document is complete: the second after load, then the next idle moment (at most 1 s).
    await act(async () => vi.advanceTimersByTimeAsync(2100));
    expect(load).toHaveBeenCalledTimes(1);
    expect(host.textContent).toBe('the menu');
  });

  it('fetches at once when someone reaches for it first, and only once', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => ({ default: () => <p>the menu</p> }));
    const Menu = lazyAfterLoad(load);
    const host = mount(
      <Suspense fallback={<button onClick={() => Menu.preload()}>open</button>}>
        <Menu />
      </Suspense>,
    );
    await act(async () => host.querySelector('button')!.click());
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(load).toHaveBeenCalledTimes(1);
    expect(host.textContent).toBe('the menu');
    await act(async () => vi.advanceTimersByTimeAsync(6000));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
