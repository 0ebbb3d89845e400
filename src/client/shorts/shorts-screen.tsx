import { ArrowLeft, Smartphone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { VideoCard } from '../../shared/content';
import { paths } from '../../shared/routes';
import { Thumbnail } from '../components/thumbnail';
import { formatViews } from '../lib/format';
import { cn } from '../lib/utils';
import { UserAvatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { Spinner } from '../ui/spinner';
import { useVideos } from '../videos/queries';
import { VerificationBadge } from '../profiles/verification-badge';

/**
 * /shorts and /shorts/{username}/{titleSlug}/{id}: a full-screen vertical feed, one short per
 * screen height, opening at the short named by `?video=` or the address.
 */
export default function ShortsScreen() {
  const shorts = useVideos({ kind: 'short' });
  const [params] = useSearchParams();
  const { id: idFromPath } = useParams();
  const selected = idFromPath ?? params.get('video');

  return (
    <div className="relative h-dvh">
      <div className="pointer-events-none absolute inset-x-0 top-0 z-20 flex items-center gap-3 bg-linear-to-b from-black/70 to-transparent p-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
        <Button
          variant="ghost"
          size="icon"
          asChild
          className="pointer-events-auto rounded-full bg-white/10 text-white backdrop-blur hover:bg-white/20 hover:text-white"
        >
          <Link to="/app" aria-label="Close shorts">
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <h1 className="text-lg font-bold">Shorts</h1>
      </div>

      {shorts.isPending ? (
        <div className="flex h-full items-center justify-center">
          <Spinner className="size-8 text-white" label="Loading shorts" />
        </div>
      ) : shorts.isError ? (
        <div className="flex h-full items-center justify-center p-6">
          <ErrorState error={shorts.error} onRetry={() => void shorts.refetch()} title="Couldn’t load shorts" />
        </div>
      ) : shorts.data.length === 0 ? (
        <div className="flex h-full items-center justify-center p-6">
          <EmptyState
            icon={Smartphone}
            title="No shorts yet"
            description="Vertical videos up to 3 minutes will appear here, one swipe at a time."
            className="w-full max-w-md border-white/15"
            action={
              <Button asChild variant="secondary">
                <Link to="/app">Back to Home</Link>
              </Button>
            }
          />
        </div>
      ) : (
        <ShortsFeed shorts={shorts.data} selected={selected} />
      )}
    </div>
  );
}

function ShortsFeed({ shorts, selected }: { shorts: VideoCard[]; selected: string | null }) {
  const selectedRef = useRef<HTMLElement>(null);
  useEffect(() => {
    selectedRef.current?.scrollIntoView({ block: 'start' });
  }, [selected]);

  return (
    <div className="h-full snap-y snap-mandatory overflow-y-auto scrollbar-none" aria-label="Shorts feed">
      {shorts.map((s) => (
        <article
          key={s.id}
          ref={s.id === selected ? selectedRef : undefined}
          aria-current={s.id === selected ? 'true' : undefined}
          className="flex h-dvh snap-start items-center justify-center p-2 sm:p-6"
        >
          <div className={cn('relative h-full max-h-[calc(100dvh-1rem)] aspect-[9/16] max-w-full')}>
            <Thumbnail src={s.thumbnailUrl} seed={s.creator.username} icon={Smartphone} shape="tall" className="h-full">
              <div className="absolute inset-x-0 bottom-0 flex flex-col gap-2 bg-linear-to-t from-black/90 via-black/50 to-transparent p-4 pt-16">
                <Link to={paths.profile(s.creator.username)} className="flex items-center gap-2 text-sm font-semibold">
                  <UserAvatar name={s.creator.displayName} seed={s.creator.username} src={s.creator.avatarUrl} className="size-8" />
                  {s.creator.displayName}
                  <VerificationBadge type={s.creator.verificationType} />
                </Link>
                <h2 className="text-base leading-snug font-semibold">{s.title}</h2>
                <p className="text-xs text-white/75">{formatViews(s.views)}</p>
              </div>
            </Thumbnail>
          </div>
        </article>
      ))}
    </div>
  );
}
