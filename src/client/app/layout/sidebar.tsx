import { ChevronDown, ChevronUp, Hash } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router';
import { CATEGORIES, findCategory, SIDEBAR_CATEGORY_COUNT } from '../../../shared/categories/categories';
import { PRODUCT_NAME } from '../../../shared/platform/product';
import { paths } from '../../../shared/platform/routes';
import { cn } from '../../lib/utils';
import { SIDEBAR_ITEMS } from './nav-items';

/**
 * The navigation list shared by the desktop sidebar and the mobile drawer. `collapsed` shows icons
 * only; hovering the desktop sidebar (or tabbing into it) shows the labels again.
 */
export function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const [showAll, setShowAll] = useState(false);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const activeCategory = pathname === '/app' ? findCategory(params.get('category'))?.slug : undefined;
  const categories = showAll ? CATEGORIES : CATEGORIES.slice(0, SIDEBAR_CATEGORY_COUNT);
  const hidden = CATEGORIES.length - SIDEBAR_CATEGORY_COUNT;

  // Labels fade out when collapsed, and back in while the sidebar is hovered or holds keyboard focus.
  const label = cn(
    'truncate transition-opacity duration-150',
    collapsed && 'opacity-0 group-hover/sidebar:opacity-100 group-has-[:focus-visible]/sidebar:opacity-100',
  );
  const onlyExpanded = cn(collapsed && 'hidden group-hover/sidebar:flex group-has-[:focus-visible]/sidebar:flex');

  return (
    <div className="flex flex-col gap-1 px-3 py-3">
      <ul className="flex flex-col gap-0.5">
        {SIDEBAR_ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex h-10 items-center gap-3 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none',
                  'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
                  isActive && !activeCategory && 'bg-primary/12 text-primary hover:bg-primary/15 hover:text-primary',
                )
              }
            >
              <item.icon aria-hidden className="size-5 shrink-0" />
              <span className={label}>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>

      <div className={cn('mt-3 flex-col gap-0.5 border-t pt-3', collapsed ? onlyExpanded : 'flex')}>
        <h2 className="px-2.5 pb-1 text-xs font-semibold tracking-wider whitespace-nowrap text-muted-foreground uppercase">Categories</h2>
        <ul className="flex flex-col gap-0.5">
          {categories.map((c) => (
            <li key={c.slug}>
              <Link
                to={paths.home(c.slug)}
                onClick={onNavigate}
                aria-current={activeCategory === c.slug ? 'page' : undefined}
                className={cn(
                  'flex h-9 items-center gap-3 rounded-lg px-2.5 text-sm whitespace-nowrap text-muted-foreground transition-colors outline-none',
                  'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
                  activeCategory === c.slug && 'bg-primary/12 font-medium text-primary',
                )}
              >
                <Hash aria-hidden className="size-4 shrink-0 opacity-60" />
                <span className="truncate">{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={() => setShowAll((v) => !v)}
          aria-expanded={showAll}
          className="mt-1 flex h-9 items-center gap-3 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap text-primary outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
        >
          {showAll ? <ChevronUp aria-hidden className="size-4" /> : <ChevronDown aria-hidden className="size-4" />}
          {showAll ? 'Show Less' : `Show More (${hidden} more)`}
        </button>
      </div>

      <nav
        aria-label="Legal"
        className={cn('mt-3 flex-wrap gap-x-3 gap-y-1 border-t px-2.5 pt-3 text-xs whitespace-nowrap text-muted-foreground', collapsed ? onlyExpanded : 'flex')}
      >
        <Link to="/privacy-policy" onClick={onNavigate} className="hover:text-foreground">
          Privacy
        </Link>
        <Link to="/terms-of-service" onClick={onNavigate} className="hover:text-foreground">
          Terms
        </Link>
        <Link to="/x402-explained" onClick={onNavigate} className="hover:text-foreground">
          X402
        </Link>
        <span>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </span>
      </nav>
    </div>
  );
}

/**
 * The desktop sidebar (768 px and wider): 64 px of icons when collapsed, opening to 240 px over
 * the page while hovered; 240 px in the page's flow when expanded.
 */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  return (
    <aside
      id="app-sidebar"
      aria-label="Sidebar"
      data-collapsed={collapsed}
      className={cn(
        'group/sidebar fixed top-14 bottom-0 left-0 z-30 hidden flex-col overflow-x-hidden overflow-y-auto border-r bg-sidebar scrollbar-thin md:flex',
        'transition-[width,box-shadow] duration-200 ease-out',
        collapsed ? 'w-16 hover:w-60 hover:shadow-2xl hover:shadow-black/30 has-[:focus-visible]:w-60 has-[:focus-visible]:shadow-2xl' : 'w-60',
      )}
    >
      <SidebarNav collapsed={collapsed} />
    </aside>
  );
}
