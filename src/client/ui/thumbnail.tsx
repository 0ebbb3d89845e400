import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { gradientFor } from '../lib/format';
import { cn } from '../lib/utils';
import { mediaUrl } from '../lib/native/api-origin';

/**
 * A content picture at a fixed shape (16:9 or 9:16). Content without a picture gets its creator's
 * gradient and an icon for its kind, never a stock image.
 */
export function Thumbnail({
  src,
  seed,
  icon: Icon,
  shape = 'wide',
  children,
  className,
  priority = false,
}: {
  src: string | null;
  seed: string;
  icon: LucideIcon;
  shape?: 'wide' | 'tall';
  children?: ReactNode;
  className?: string;
  /** At the top of the first screen: loaded at once, first, as the page's largest picture. */
  priority?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className={cn('relative overflow-hidden rounded-xl bg-muted', shape === 'wide' ? 'aspect-video' : 'aspect-[9/16]', className)}>
      {src && failed !== src ? (
        <img
          src={mediaUrl(src)}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          // A picture that cannot load (a live still not written yet) leaves the gradient.
          onError={() => setFailed(src)}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      ) : (
        <div className={cn('flex size-full items-center justify-center bg-linear-to-br opacity-90', gradientFor(seed))}>
          <div className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgba(255,255,255,0.25),transparent_55%)]" />
          <Icon aria-hidden className="size-10 text-white/80 drop-shadow transition-transform duration-300 group-hover:scale-110" />
        </div>
      )}
      {children}
    </div>
  );
}
