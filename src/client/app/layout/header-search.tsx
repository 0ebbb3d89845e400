import { Search } from 'lucide-react';
import { useSearchBox } from '../../features/search/use-search-box';
import { cn } from '../../lib/utils';

/**
 * A search box: the top bar's, and the one on /search for phones. Both hold the address's query
 * through one hook (`useSearchBox`): on /search results follow as you type; elsewhere Enter or
 * the button searches, only when the text is not blank.
 */
export function SearchForm({ className, autoFocus }: { className?: string; autoFocus?: boolean }) {
  const { text, setText, submit } = useSearchBox();

  return (
    <form role="search" onSubmit={submit} className={cn('relative flex w-full items-center', className)}>
      <input
        type="text"
        name="q"
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

/** The top bar's search box (768 px and wider). */
export function HeaderSearch({ className }: { className?: string }) {
  return <SearchForm className={className} />;
}
