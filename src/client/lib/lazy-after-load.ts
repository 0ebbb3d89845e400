import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Resolves a second after the page has loaded, at the browser's next quiet moment (at most
 * `maxWaitMs` later). The load event comes before a screen's own code and data have arrived (they
 * are fetched by the app, not the page), so the second leaves them the network and the main thread.
 */
export function afterLoad(maxWaitMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    const quiet = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: maxWaitMs });
      else resolve();
    };
    const idle = () => setTimeout(quiet, 1000);
    if (document.readyState === 'complete') return idle();
    window.addEventListener('load', idle, { once: true });
    // A page whose load never ends (a stalled picture) still gets its controls.
    setTimeout(resolve, 5000);
  });
}

let turns: Promise<void> = Promise.resolve();
/** Resolves at the next idle moment after every earlier caller's own (one at a time, in order). */
function nextTurn(): Promise<void> {
  const idle = () =>
    new Promise<void>((resolve) => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 500 }) : resolve()));
  turns = turns.then(idle);
  return turns;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
type AnyComponent = ComponentType<any>;

export type LazyAfterLoad<T extends AnyComponent> = LazyExoticComponent<T> & {
  /** Starts loading now (a press on the placeholder wants the real control at once). */
  preload(): void;
};

/**
 * `React.lazy` for what a screen does not need for its first paint (menus, popovers, tooltips,
 * toasts): the code is fetched once the page has loaded, so it never competes with the screen's own
 * code, data and pictures. Its placeholder stands in until then, as with any lazy component, and
 * `preload()` fetches it at once when someone reaches for it earlier.
 */
export function lazyAfterLoad<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyAfterLoad<T> {
  let started: Promise<{ default: T }> | undefined;
  let now: () => void = () => {};
  const pressed = new Promise<void>((resolve) => (now = resolve));
  const start = () => (started ??= load());
  // Each arrival is drawn in an idle moment of its own, not all in one long task.
  const component = lazy(() =>
    Promise.race([afterLoad(), pressed])
      .then(start)
      .then((m) => Promise.race([nextTurn(), pressed]).then(() => m)),
  ) as LazyAfterLoad<T>;
  component.preload = () => {
    now();
    void start();
  };
  return component;
}
