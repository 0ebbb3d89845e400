import { ChevronDown, ChevronUp } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, lazy, Suspense } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { VideoCard } from '../../../shared/videos/video-card';
import { Button } from '../../ui/button';
import { shouldIgnoreShortcut } from '../videos/player-controls';
import { useRecordView } from '../videos/queries';
import { ShortSlide, type SlideControls } from './short-slide';

// The comments sheet (Radix dialog, the comment list and its menus) loads when first opened.
const CommentsSheet = lazy(() => import('./comments-sheet').then((m) => ({ default: m.CommentsSheet })));

/** A wheel or trackpad gesture moves one short; its tail of events is ignored until it pauses this long. */
const WHEEL_QUIET_MS = 250;

/** The vertical feed itself: one short per screen, wheel, keys and swipes, views and comments. */
export function ShortsFeed({ shorts, startId, hasMore, loadMore }: { shorts: VideoCard[]; startId: string; hasMore: boolean; loadMore: () => void }) {
  const containerRef = useRef<HTMLElement>(null);
  const [activeId, setActiveId] = useState(startId);
  const [muted, setMuted] = useState(true);
  const [paused, setPaused] = useState(false);
  const [commentsFor, setCommentsFor] = useState<string | null>(null);
  // The neighbours start loading once the first short plays, not beside it: the first picture and
  // sound come sooner, on a phone's processor and network alike.
  const [warm, setWarm] = useState(false);
  const viewed = useRef(new Set<string>());
  const recordView = useRecordView();
  const navigate = useNavigate();
  const { id: idFromPath } = useParams();
  const [params] = useSearchParams();
  const addressId = idFromPath ?? params.get('video');

  const found = shorts.findIndex((s) => s.id === activeId);
  const active = found === -1 ? 0 : found;

  // Open at the requested short, without animation.
  const startIndex = useRef(
    Math.max(
      0,
      shorts.findIndex((s) => s.id === startId),
    ),
  );
  useLayoutEffect(() => {
    const el = containerRef.current;
    if (el) el.scrollTop = startIndex.current * el.clientHeight;
  }, []);

  // If the list changes around the current short, keep it on screen.
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  });
  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el || el.clientHeight === 0) return;
    const shown = Math.round(el.scrollTop / el.clientHeight);
    if (shown !== activeRef.current) el.scrollTop = activeRef.current * el.clientHeight;
  }, [shorts]);

  const goTo = useCallback(
    (i: number) => {
      const el = containerRef.current;
      if (!el) return;
      const target = Math.min(Math.max(0, i), shorts.length - 1);
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollTo({ top: target * el.clientHeight, behavior: reduce ? 'auto' : 'smooth' });
    },
    [shorts.length],
  );

  const onScroll = () => {
    const el = containerRef.current;
    if (!el || el.clientHeight === 0) return;
    const i = Math.round(el.scrollTop / el.clientHeight);
    const s = shorts[i];
    if (s && s.id !== activeId) {
      setActiveId(s.id);
      setPaused(false);
    }
  };

  // The address follows the short on screen (replace: Back leaves the feed, not each short).
  const activeShortId = shorts[active]?.id;
  useEffect(() => {
    if (activeShortId && activeShortId !== addressId)
      void navigate(`/shorts?video=${encodeURIComponent(activeShortId)}`, { replace: true, preventScrollReset: true });
  }, [activeShortId, addressId, navigate]);

  // Near the end: the next page.
  useEffect(() => {
    if (hasMore && active >= shorts.length - 3) loadMore();
  }, [active, hasMore, shorts.length, loadMore]);

  // Keys: arrows (and j/k-free PageUp/PageDown) move one short; space or k pauses; m mutes.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (shouldIgnoreShortcut(e)) return;
      const i = activeRef.current;
      switch (e.key) {
        case 'ArrowDown':
        case 'PageDown':
          goTo(i + 1);
          break;
        case 'ArrowUp':
        case 'PageUp':
          goTo(i - 1);
          break;
        case ' ':
        case 'k':
        case 'K':
          setPaused((p) => !p);
          break;
        case 'm':
        case 'M':
          setMuted((m) => !m);
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goTo]);

  // Wheel: one short per gesture, not wherever the momentum would carry the page.
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    let locked = false;
    let quiet: number | undefined;
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || Math.abs(e.deltaY) < Math.abs(e.deltaX)) return;
      e.preventDefault();
      window.clearTimeout(quiet);
      quiet = window.setTimeout(() => (locked = false), WHEEL_QUIET_MS);
      if (locked || Math.abs(e.deltaY) < 4) return;
      locked = true;
      goTo(activeRef.current + (e.deltaY > 0 ? 1 : -1));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('wheel', onWheel);
      window.clearTimeout(quiet);
    };
  }, [goTo]);

  const controls = useMemo<SlideControls>(
    () => ({
      muted,
      paused,
      setMuted,
      setPaused,
      onComments: (v) => setCommentsFor(v.id),
      onStarted: (id) => {
        setWarm(true);
        if (viewed.current.has(id)) return;
        viewed.current.add(id);
        recordView(id, 'shorts');
      },
    }),
    [muted, paused, recordView],
  );

  return (
    <>
      <main
        ref={containerRef}
        onScroll={onScroll}
        className="h-full snap-y snap-mandatory overflow-y-auto overscroll-contain scrollbar-none"
        aria-label="Shorts feed"
      >
        {shorts.map((s, i) => (
          <ShortSlide key={s.id} card={s} index={i} active={i === active} near={i === active || (warm && Math.abs(i - active) <= 1)} controls={controls} />
        ))}
      </main>
      <div className="absolute top-1/2 right-4 z-10 hidden -translate-y-1/2 flex-col gap-3 md:flex">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous short"
          disabled={active === 0}
          onClick={() => goTo(active - 1)}
          className="rounded-full bg-white/10 text-white hover:bg-white/20 hover:text-white"
        >
          <ChevronUp aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next short"
          disabled={active >= shorts.length - 1}
          onClick={() => goTo(active + 1)}
          className="rounded-full bg-white/10 text-white hover:bg-white/20 hover:text-white"
        >
          <ChevronDown aria-hidden />
        </Button>
      </div>
      {commentsFor ? (
        <Suspense fallback={null}>
          <CommentsSheet
            videoId={commentsFor}
            open
            onOpenChange={(o) => {
              if (!o) setCommentsFor(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
