import { PanelLeft, Plus, Search, Zap } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { lazyAfterLoad, usePressBeforeLoad } from '../../lib/lazy-after-load';
import { Link } from 'react-router';
import { EXTERNAL_LINKS } from '../../../shared/platform/product';
import { useSession } from '../../features/auth/session';
import { ThemeToggle } from '../theme/theme-toggle';
import { PumpPillIcon, XLogoIcon } from '../../ui/header-icons';
import { Button } from '../../ui/button';
import { HeaderSearch } from './header-search';
import { Logo } from './logo';
import { UserMenuButton } from './user-menu-button';
import { WalletButton } from '../../features/wallet/wallet-button';
import { NotificationBell } from '../../features/notifications/notification-bell';

// The menus' code (Radix dropdown, popper) loads once the page has loaded, not with the entry.
const UserMenu = lazyAfterLoad(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

/** The top bar of the main layout (docs/product.md §2). */
export function Header({ onToggleSidebar, sidebarExpanded }: { onToggleSidebar: () => void; sidebarExpanded: boolean }) {
  const { user } = useSession();
  // A press on the menu's button before its code arrived opens the menu when it does.
  const menu = usePressBeforeLoad(UserMenu);

  return (
    <header className="fixed inset-x-0 top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/85 px-2 backdrop-blur-md supports-[backdrop-filter]:bg-background/70 sm:px-3">
      <div className="flex shrink-0 items-center gap-1 sm:gap-2">
        <Button variant="ghost" size="icon" aria-label="Toggle sidebar" aria-expanded={sidebarExpanded} aria-controls="app-sidebar" onClick={onToggleSidebar}>
          <PanelLeft aria-hidden />
        </Button>
        <Logo />
      </div>

      <div className="hidden min-w-0 flex-1 justify-center px-4 md:flex">
        <HeaderSearch className="max-w-xl" />
      </div>
      <div className="flex-1 md:hidden" />

      <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
        <Button variant="ghost" size="icon" asChild className="md:hidden">
          <Link to="/search" aria-label="Search">
            <Search aria-hidden />
          </Link>
        </Button>

        <WalletButton />
        <NotificationBell />

        <Link
          to="/x402-explained"
          title="X402: pay-per-view with USDC"
          className="hidden h-7 items-center gap-1 rounded-full border border-cyan-500/40 bg-cyan-500/10 px-2.5 text-xs font-bold text-cyan-800 transition-colors outline-none hover:bg-cyan-500/20 focus-visible:ring-2 focus-visible:ring-ring sm:inline-flex dark:text-cyan-300"
        >
          <Zap aria-hidden className="size-3.5" /> X402
        </Link>

        <div className="hidden items-center lg:flex">
          <ExternalIconLink link={EXTERNAL_LINKS.tokenLaunch}>
            <PumpPillIcon className="size-5" />
          </ExternalIconLink>
          <ExternalIconLink link={EXTERNAL_LINKS.social}>
            <XLogoIcon className="size-4" />
          </ExternalIconLink>
        </div>

        {user ? (
          <Button variant="brand" size="sm" asChild className="hidden h-9 rounded-full sm:inline-flex">
            <Link to="/submit">
              <Plus aria-hidden /> Create
            </Link>
          </Button>
        ) : null}

        <ThemeToggle />
        <Suspense fallback={<UserMenuButton onClick={menu.press} />}>
          <UserMenu defaultOpen={menu.pressed} />
        </Suspense>
      </div>
    </header>
  );
}

/** An icon button to a site outside Glint, in a new tab; its name is the site's. */
function ExternalIconLink({ link, children }: { link: { label: string; href: string }; children: ReactNode }) {
  return (
    <Button variant="ghost" size="icon" asChild>
      <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={link.label} title={link.label}>
        {children}
      </a>
    </Button>
  );
}
