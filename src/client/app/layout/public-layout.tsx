import { ArrowRight } from 'lucide-react';
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../../shared/platform/product';
import { cn } from '../../lib/utils';
import { ThemeToggle } from '../theme/theme-toggle';
import { Button } from '../../ui/button';
import { PageSpinner } from '../../ui/spinner';
import { Logo, LogoMark } from './logo';

const NAV = [
  { to: '/app', label: 'Explore' },
  { to: '/bounties', label: 'Bounties' },
  { to: '/x402-explained', label: 'X402' },
];

/** The header and footer of the public pages (landing, bounties, legal, password screens). */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur-md">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Logo />
          <nav aria-label="Site" className="ml-2 hidden items-center gap-1 sm:flex">
            {NAV.map((n) => (
              <NavLink
                key={n.to}
                to={n.to}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                    isActive && 'text-foreground',
                  )
                }
              >
                {n.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
            <Button variant="brand" size="sm" asChild className="rounded-full">
              <Link to="/app">
                Open App <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
        </div>
      </header>
      <div className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
      <PublicFooter />
    </div>
  );
}

export function PublicFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-3">
          <LogoMark className="size-7" />
          <div className="text-sm">
            <p className="font-semibold">{PRODUCT_NAME}</p>
            <p className="text-muted-foreground">{PRODUCT_TAGLINE}</p>
          </div>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
          <Link to="/app" className="hover:text-foreground">
            Explore
          </Link>
          <Link to="/bounties" className="hover:text-foreground">
            Bounties
          </Link>
          <Link to="/privacy-policy" className="hover:text-foreground">
            Privacy Policy
          </Link>
          <Link to="/terms-of-service" className="hover:text-foreground">
            Terms of Service
          </Link>
          <Link to="/x402-explained" className="hover:text-foreground">
            X402 Explained
          </Link>
        </nav>
      </div>
    </footer>
  );
}
