import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../features/auth/session';
import { useIsMobile } from '../../lib/use-media-query';
import { cn } from '../../lib/utils';
import { PageSpinner } from '../../ui/spinner';
import { SupportChatButton } from '../../features/support/support-chat-button';
import { BottomBar } from './bottom-bar';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { useSidebarState } from './use-sidebar-state';

// Only an account waiting for its email confirmation sees the banner, so only it loads the code.
const VerifyEmailBanner = lazy(() => import('../../features/auth/verify-email-banner').then((m) => ({ default: m.VerifyEmailBanner })));
const MobileSidebar = lazy(() => import('./mobile-sidebar').then((m) => ({ default: m.MobileSidebar })));

/** Header, sidebar (a drawer on mobile) and bottom bar around the screens of docs/product.md §2's main layout. */
export function MainLayout() {
  const { pathname } = useLocation();
  const { status } = useSession();
  const sidebar = useSidebarState(pathname === '/app');
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer mounts (and its chunk loads) on first open, then stays for its closing animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const drawerShown = drawerOpen && isMobile;
  const toggleDrawer = () => {
    setDrawerUsed(true);
    setDrawerOpen((o) => !o);
  };

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary-solid px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header onToggleSidebar={() => (isMobile ? toggleDrawer() : sidebar.toggle())} sidebarExpanded={isMobile ? drawerShown : !sidebar.collapsed} />
      <Sidebar collapsed={sidebar.collapsed} />
      {drawerUsed ? (
        <Suspense fallback={null}>
          <MobileSidebar open={drawerShown} onOpenChange={setDrawerOpen} />
        </Suspense>
      ) : null}
      <main
        id="main"
        tabIndex={-1}
        className={cn('pt-14 pb-24 outline-none transition-[padding] duration-200 lg:pb-10', sidebar.collapsed ? 'md:pl-16' : 'md:pl-60')}
      >
        <div className="mx-auto w-full max-w-[1600px] px-4 py-5 sm:px-6 md:py-7">
          {status === 'unverified' ? (
            <Suspense fallback={null}>
              <VerifyEmailBanner />
            </Suspense>
          ) : null}
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <BottomBar />
      <SupportChatButton />
    </div>
  );
}
