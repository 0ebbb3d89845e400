// Before any module that makes a schema.
import './lib/zod-without-eval';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { refreshAfterAccountChange, SessionProvider } from './features/auth/session';
import { createQueryClient } from './lib/query-client';
import { startNativeShell } from './features/native/shell';
import { startConnectivity } from './lib/connectivity';
import { createRouter } from './app/router';
import { ThemeProvider, useTheme } from './app/theme/theme-provider';
import { lazyAfterLoad } from './lib/lazy-after-load';
import './index.css';

const queryClient = createQueryClient();
const router = createRouter(queryClient);
// Queries pause while offline and refetch when the network is back (the offline banner says so).
startConnectivity();
// docs/product.md §7: a service worker is registered at load (the installable app's cache, web pushes).
// Its code loads beside the first screen; the worker registers once the page has loaded.
void import('./features/pwa/service-worker').then((sw) => sw.registerServiceWorker());
// Inside the Android or iOS app: links to videos, shorts and streams open here.
startNativeShell({ navigate: (to) => router.navigate(to), refreshSession: () => refreshAfterAccountChange(queryClient) });

// sonner loads once the page has loaded; toasts made meanwhile show once it mounts.
const Toaster = lazyAfterLoad(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Toasts follow the theme the page shows. */
function ThemedToaster() {
  const { isDark } = useTheme();
  return (
    <Suspense fallback={null}>
      <Toaster richColors closeButton theme={isDark ? 'dark' : 'light'} position="top-center" />
    </Suspense>
  );
}

const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </QueryClientProvider>
        <ThemedToaster />
      </ThemeProvider>
    </StrictMode>,
  ),
);
