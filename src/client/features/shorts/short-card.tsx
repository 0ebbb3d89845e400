import { Play, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import type { VideoCard } from '../../../shared/videos/video-card';
import { paths } from '../../../shared/platform/routes';
import { Thumbnail } from '../../ui/thumbnail';
import { formatViews } from '../../lib/format';
import { PriceBadge } from '../x402/price-badge';

export function ShortCard({ short, priority }: { short: VideoCard; priority?: boolean }) {
  return (
    <Link to={paths.short(short.id)} className="group block rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring" data-testid="short-card">
      <Thumbnail src={short.thumbnailUrl} seed={short.creator.username} icon={Smartphone} shape="tall" priority={priority}>
        <PriceBadge priceUsdc={short.priceUsdc} />
        <div className="absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-linear-to-t from-black/85 via-black/40 to-transparent p-3 pt-10 text-white">
          <h3 className="line-clamp-2 text-sm leading-snug font-semibold">{short.title}</h3>
          <p className="flex items-center gap-1 text-xs text-white/80">
            <Play aria-hidden className="size-3 fill-current" /> {formatViews(short.views)}
          </p>
        </div>
      </Thumbnail>
    </Link>
  );
}
