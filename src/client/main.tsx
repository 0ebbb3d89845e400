import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { SessionProvider } from './auth/session';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './notifications/push';
import { router } from './router';
import { ThemeProvider, useTheme } from './theme/theme-provider';
import { TooltipProvider } from './ui/tooltip';
import './index.css';

const queryClient = createQueryClient();
// docs/product.md §7: a service worker is registered at load (it shows web pushes).
registerServiceWorker();

/** Toasts follow the theme the page shows. */
function ThemedToaster() {
  const { isDark } = useTheme();
  return <Toaster richColors closeButton theme={isDark ? 'dark' : 'light'} position="top-center" />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <TooltipProvider>
            <RouterProvider router={router} />
          </TooltipProvider>
        </SessionProvider>
      </QueryClientProvider>
      <ThemedToaster />
    </ThemeProvider>
  </StrictMode>,
);
