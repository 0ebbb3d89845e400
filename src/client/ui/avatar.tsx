import { useState } from 'react';
import { gradientFor, initials } from '../lib/format';
import { cn } from '../lib/utils';
import { mediaUrl } from '../lib/native/api-origin';

/**
 * A person's avatar: their picture, or their initials on a gradient that is always the same for
 * the same username. The picture is a plain image the browser paints when it has it, over an
 * empty circle meanwhile: a page of cards draws nothing anew as their pictures arrive. Only a
 * picture that fails to load gives way to the initials.
 */
export function UserAvatar({
  name,
  seed,
  src,
  className,
  textClassName,
}: {
  name: string;
  seed: string;
  src?: string | null;
  className?: string;
  textClassName?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const picture = src && failed !== src ? mediaUrl(src) : null;
  return (
    <span data-slot="avatar" className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full bg-muted', className)}>
      {picture ? (
        <img src={picture} alt="" decoding="async" onError={() => setFailed(src!)} className="aspect-square size-full object-cover" />
      ) : (
        <span
          className={cn(
            'flex size-full items-center justify-center rounded-full font-semibold bg-linear-to-br text-xs text-white',
            gradientFor(seed),
            textClassName,
          )}
        >
          {/* Drawn as generated content, not text: the initials are part of the picture, so a link
              around an avatar keeps the person's name as its whole label (WCAG 2.5.3, label in name). */}
          <span aria-hidden data-initials={initials(name)} className="before:content-[attr(data-initials)]" />
        </span>
      )}
    </span>
  );
}
