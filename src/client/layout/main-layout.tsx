import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { VerifyEmailBanner } from '../auth/verify-email-banner';
import { useIsMobile } from '../lib/use-media-query';
import { cn } from '../lib/utils';
import { PageSpinner } from '../ui/spinner';
import { SupportChatButton } from '../support/support-chat-button';
import { BottomBar } from './bottom-bar';
import { Header } from './header';
import { MobileSidebar, Sidebar } from './sidebar';
import { useSidebarState } from './use-sidebar-state';

/** Header, sidebar (a drawer on mobile) and bottom bar around the screens of docs/product.md §2's main layout. */
export function MainLayout() {
  const { pathname } = useLocation();
  const sidebar = useSidebarState(pathname === '/app');
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerShown = drawerOpen && isMobile;

  return (
    <div className="min-h-dvh">
      <a href="#main" className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <Header onToggleSidebar={() => (isMobile ? setDrawerOpen((o) => !o) : sidebar.toggle())} sidebarExpanded={isMobile ? drawerShown : !sidebar.collapsed} />
      <Sidebar collapsed={sidebar.collapsed} />
      <MobileSidebar open={drawerShown} onOpenChange={setDrawerOpen} />
      <main
        id="main"
        tabIndex={-1}
        className={cn('pt-14 pb-24 outline-none transition-[padding] duration-200 lg:pb-10', sidebar.collapsed ? 'md:pl-16' : 'md:pl-60')}
      >
        <div className="mx-auto w-full max-w-[1600px] px-4 py-5 sm:px-6 md:py-7">
          <VerifyEmailBanner />
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
