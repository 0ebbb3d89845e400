import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

/** Resolves at the browser's next quiet moment, at most `timeoutMs` from now. */
function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: timeoutMs }) : resolve()));
}

/**
 * Resolves a second after the page has loaded, at the browser's next quiet moment (at most a
 * second later). The load event comes before a screen's own code and data have arrived (they are
 * fetched by the app, not the page), so the second leaves them the network and the main thread.
 */
function afterLoad(): Promise<void> {
  return new Promise((resolve) => {
    const later = () => setTimeout(() => void whenIdle(1000).then(resolve), 1000);
    if (document.readyState === 'complete') return later();
    window.addEventListener('load', later, { once: true });
    // A page whose load never ends (a stalled picture) still gets its controls.
    setTimeout(resolve, 5000);
  });
}

let turns: Promise<void> = Promise.resolve();
/** Resolves at the next quiet moment after every earlier caller's own (one at a time, in order). */
function nextTurn(): Promise<void> {
  turns = turns.then(() => whenIdle(500));
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
 * code, data and pictures, and each arrival is drawn at a quiet moment of its own rather than all in
 * one long task. Its placeholder stands in until then, as with any lazy component, and `preload()`
 * fetches it at once when someone reaches for it earlier.
 */
export function lazyAfterLoad<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyAfterLoad<T> {
  let started: Promise<{ default: T }> | undefined;
  let now: () => void = () => {};
  const pressed = new Promise<void>((resolve) => (now = resolve));
  const start = () => (started ??= load());
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

/**
 * For the placeholder of a `lazyAfterLoad` control that opens something (a menu, a popover):
 * `pressed` once it was pressed, for the real control to open with (`defaultOpen`), and `press`,
 * which loads it at once.
 */
export function usePressBeforeLoad(component: { preload(): void }): { pressed: boolean; press: () => void } {
  const [pressed, setPressed] = useState(false);
  return {
    pressed,
    press: () => {
      setPressed(true);
      component.preload();
    },
  };
}
