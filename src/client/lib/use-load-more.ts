import { useEffect, useRef, useState } from 'react';

/**
 * Infinite scroll: returns a ref for an element at the end of a list; when it comes within
 * `rootMargin` of the viewport (or of `root`) and `enabled`, `onLoadMore` runs.
 */
export function useLoadMore(onLoadMore: () => void, enabled: boolean, options: { root?: Element | null; rootMargin?: string } = {}) {
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const callback = useRef(onLoadMore);
  useEffect(() => {
    callback.current = onLoadMore;
  });
  const { root = null, rootMargin = '800px 0px' } = options;

  useEffect(() => {
    if (!sentinel || !enabled) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { root, rootMargin },
    );
    io.observe(sentinel);
    return () => io.disconnect();
  }, [sentinel, enabled, root, rootMargin]);

  return setSentinel;
}
