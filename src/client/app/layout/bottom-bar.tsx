import { NavLink } from 'react-router';
import { cn } from '../../lib/utils';
import { BOTTOM_ITEMS } from './nav-items';

/** The mobile bottom bar, below the large breakpoint (docs/product.md §2). */
export function BottomBar() {
  return (
    <nav
      aria-label="Bottom navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md lg:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-xl items-stretch justify-around">
        {BOTTOM_ITEMS.map((item) => (
          <li key={item.to} className="flex flex-1">
            <NavLink
              to={item.to}
              end
              className={({ isActive }) =>
                cn(
                  'flex flex-1 flex-col items-center justify-center gap-1 text-[11px] font-medium text-muted-foreground transition-colors outline-none focus-visible:bg-accent',
                  isActive && 'text-primary',
                )
              }
            >
              {item.to === '/submit' ? (
                <span className="flex h-7 w-11 items-center justify-center rounded-lg bg-brand text-white shadow-md shadow-violet-500/30">
                  <item.icon aria-hidden className="size-5" />
                </span>
              ) : (
                <item.icon aria-hidden className="size-5" />
              )}
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
