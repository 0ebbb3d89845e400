import { Scissors } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/platform/routes';
import type { VideoDetail } from '../../../shared/videos/videos';

const linkClass =
  'pointer-events-auto flex w-fit items-center gap-1.5 rounded-full text-xs text-white/90 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-white';

/**
 * Under a short that is a clip: the stream it was cut from and, when someone other than the
 * stream's creator made it, who did ("Clipped by @name"). The clip is the creator's; the clipper
 * is credited only.
 */
export function ClipCredit({ video }: { video: Pick<VideoDetail, 'clipOf' | 'clippedBy' | 'creator'> }) {
  const by = video.clippedBy && video.clippedBy.id !== video.creator.id ? video.clippedBy : null;
  if (!video.clipOf && !by) return null;
  return (
    <>
      {video.clipOf ? (
        <Link to={paths.stream({ id: video.clipOf.id, title: video.clipOf.title })} className={linkClass}>
          <Scissors aria-hidden className="size-3.5" /> Clipped from {video.clipOf.title}
        </Link>
      ) : null}
      {by ? (
        <Link to={paths.profile(by.username)} className={linkClass} data-testid="clipped-by">
          Clipped by @{by.username}
        </Link>
      ) : null}
    </>
  );
}
