import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../shared/routes';
import { cn } from '../lib/utils';

/** The search box of a screen or the top bar; runs on Enter or the button, only when not blank. */
export function SearchForm({ initial, className, autoFocus }: { initial: string; className?: string; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (q) void navigate(paths.search(q));
  };

  return (
    <form role="search" onSubmit={submit} className={cn('relative flex w-full items-center', className)}>
      <input
        type="text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search streams, videos, creators..."
        aria-label="Search"
        maxLength={200}
        enterKeyHint="search"
        autoFocus={autoFocus}
        className="h-10 w-full min-w-0 rounded-full border border-input bg-muted/50 pr-12 pl-4 text-sm transition-[border-color,box-shadow,background-color] outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:bg-background focus-visible:ring-2 focus-visible:ring-ring/40 [&::-webkit-search-cancel-button]:hidden"
      />
      <button
        type="submit"
        aria-label="Run search"
        className="absolute right-1 flex h-8 w-10 items-center justify-center rounded-full text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Search aria-hidden className="size-4" />
      </button>
    </form>
  );
}

/**
 * The top bar's search box (768 px and wider). On /search it shows the query in the address, which
 * stays the source of truth: a new address gives the box a fresh start.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const q = pathname === '/search' ? (params.get('q') ?? '') : '';
  return <SearchForm key={q} initial={q} className={className} />;
}
