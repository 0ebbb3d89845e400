import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../shared/platform/routes';

/** How long typing on /search pauses before the address (and so the results) follow. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The search text the address holds: `q` on /search, nothing elsewhere. The one source of truth. */
export function useAddressQuery(): string {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return pathname === '/search' ? (params.get('q') ?? '') : '';
}

/**
 * A search box bound to the address, shared by the top bar's box and the one on /search. On
 * /search the results follow as you type: the address is replaced 250 ms after the last key (no
 * history entry per letter). Elsewhere the box searches on Enter or its button, only when the
 * text is not blank (docs/product.md §2). A new address (back button, the other box) refills the box.
 */
export function useSearchBox() {
  const { pathname } = useLocation();
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  const live = pathname === '/search';
  const q = useAddressQuery();
  const [text, setText] = useState(q);
  const [seen, setSeen] = useState(q);
  if (seen !== q) {
    // The address changed. When this box wrote it, the text already says so (maybe with a
    // trailing space the address dropped); otherwise take the address's text.
    setSeen(q);
    if (q.trim() !== text.trim()) setText(q);
  }

  // Replaces `q` only, keeping the rest of the address (the results tab).
  const write = useCallback(
    (value: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set('q', value);
          else next.delete('q');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (!live) return;
    const want = text.trim();
    if (want === q.trim()) return;
    const timer = window.setTimeout(() => void write(want), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [live, text, q, write]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const want = text.trim();
    if (live) {
      if (want !== q.trim()) void write(want);
    } else if (want) {
      void navigate(paths.search(want));
    }
  };

  return { text, setText, submit, live };
}
