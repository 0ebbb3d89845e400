import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { CATEGORIES } from '../../../shared/categories/categories';
import { cn } from '../../lib/utils';

const chip =
  'inline-flex h-8 shrink-0 items-center rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** A scrolling row of category chips filtering the current screen through `?category=`. */
export function CategoryChips({ active }: { active: string | null }) {
  const { pathname, search } = useLocation();
  // Other filters in the address (the Glint list's sort) stay as they are.
  const hrefFor = (slug: string | null) => {
    const p = new URLSearchParams(search);
    if (slug) p.set('category', slug);
    else p.delete('category');
    const qs = p.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  };
  const activeRef = useRef<HTMLAnchorElement>(null);
  // A category chosen elsewhere (the sidebar) may sit far along the row: bring its chip into view.
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  return (
    <nav aria-label="Categories" className="-mx-4 sm:-mx-6">
      <ul className="flex gap-2 overflow-x-auto px-4 pb-1 scrollbar-none sm:px-6">
        <li>
          <Link
            to={hrefFor(null)}
            aria-current={active === null ? 'page' : undefined}
            className={cn(chip, active === null ? 'border-transparent bg-foreground text-background' : 'bg-muted/40 hover:bg-accent')}
          >
            All
          </Link>
        </li>
        {CATEGORIES.map((c) => (
          <li key={c.slug}>
            <Link
              ref={active === c.slug ? activeRef : undefined}
              to={hrefFor(c.slug)}
              aria-current={active === c.slug ? 'page' : undefined}
              className={cn(chip, active === c.slug ? 'border-transparent bg-foreground text-background' : 'bg-muted/40 hover:bg-accent')}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
