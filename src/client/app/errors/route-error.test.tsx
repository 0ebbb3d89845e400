// @vitest-environment jsdom
import { act, lazy, Suspense, type ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../test-support/mount';
import { APP_UPDATED_MESSAGE, APP_UPDATED_TITLE, RouteError } from './route-error';

const view = mountPerTest();

/** A screen loaded with React.lazy, as src/client/app/router.tsx does, whose chunk load fails with `error`. */
async function showScreenFailingWith(error: Error) {
  const Screen = lazy<ComponentType>(() => Promise.reject(error));
  const router = createMemoryRouter(
    [
      {
        path: '/app',
        ErrorBoundary: RouteError,
        element: (
          <Suspense fallback={<p>Loading</p>}>
            <Screen />
          </Suspense>
        ),
      },
    ],
    { initialEntries: ['/app'] },
  );
  // React and React Router each log the error the boundary caught: expected here.
  const consoleError = vi.mocked(console.error);
  const watch = consoleError.getMockImplementation()!;
  consoleError.mockImplementation(() => {});
  try {
    await act(async () => view.root.render(<RouterProvider router={router} />));
    // React.lazy rejects on a later tick; let it land.
    await act(async () => new Promise((r) => setTimeout(r, 0)));
  } finally {
    consoleError.mockImplementation(watch);
  }
}

describe('a screen that cannot load', () => {
  it('after a deploy (its chunk is gone) says the app was updated and offers a reload', async () => {
    await showScreenFailingWith(new TypeError('Failed to fetch dynamically imported module: https://glint.example/assets/home-screen-Cb1.js'));
    expect(view.host.querySelector('h1')?.textContent).toBe(APP_UPDATED_TITLE);
    expect(view.host.textContent).toContain(APP_UPDATED_MESSAGE);
    expect(view.host.textContent).not.toContain('home-screen-Cb1.js');
    expect([...view.host.querySelectorAll('button')].map((b) => b.textContent?.trim())).toContain('Reload');
  });

  it('for any other failure shows what went wrong', async () => {
    await showScreenFailingWith(new Error('Cannot read properties of undefined'));
    expect(view.host.querySelector('h1')?.textContent).toBe('Something went wrong');
    expect(view.host.textContent).toContain('Cannot read properties of undefined');
  });
});
