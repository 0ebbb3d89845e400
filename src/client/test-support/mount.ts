import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

// Component tests render into jsdom with React's own act(); they run with the unit tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A fresh element and React root for each test of the file, unmounted and removed after it. */
export function mountPerTest(): { readonly host: HTMLDivElement; readonly root: Root } {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });
  return {
    get host() {
      return host;
    },
    get root() {
      return root;
    },
  };
}
