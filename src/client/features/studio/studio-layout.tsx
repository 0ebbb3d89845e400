import { BarChart3, Clapperboard, LayoutDashboard } from 'lucide-react';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { cn } from '../../lib/utils';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';

const TABS = [
  { to: '/studio', label: 'Content', icon: Clapperboard, end: true },
  { to: '/studio/analytics', label: 'Analytics', icon: BarChart3, end: false },
] as const;

/**
 * The Creator Studio's frame: its heading and the tabs between its screens (Content, Analytics),
 * which are addresses of their own, so each tab can be linked and reloaded.
 */
export default function StudioLayout() {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader title="Creator Studio" description="Your videos, shorts, clips and streams in one place." icon={<LayoutDashboard />} />
      <nav aria-label="Creator Studio">
        <ul className="inline-flex w-fit max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap outline-none transition-all hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4',
                    isActive && 'bg-background text-foreground shadow-sm',
                  )
                }
              >
                <tab.icon aria-hidden />
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* Each tab's screen loads on its own; the heading and tabs stay while it does. */}
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
