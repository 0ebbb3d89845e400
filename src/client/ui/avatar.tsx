import type { ComponentProps } from 'react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { gradientFor, initials } from '../lib/format';
import { cn } from '../lib/utils';
import { mediaUrl } from '../native/api-origin';

export function Avatar({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root>) {
  return <AvatarPrimitive.Root data-slot="avatar" className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full', className)} {...props} />;
}

export function AvatarImage({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Image>) {
  return <AvatarPrimitive.Image className={cn('aspect-square size-full object-cover', className)} {...props} />;
}

export function AvatarFallback({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return <AvatarPrimitive.Fallback className={cn('flex size-full items-center justify-center rounded-full bg-muted font-semibold', className)} {...props} />;
}

/**
 * A person's avatar: their picture, or their initials on a gradient that is always the same for
 * the same username.
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
  return (
    <Avatar className={className}>
      {src ? <AvatarImage src={mediaUrl(src)} alt="" /> : null}
      <AvatarFallback delayMs={src ? 400 : 0} className={cn('bg-linear-to-br text-xs text-white', gradientFor(seed), textClassName)}>
        {/* Drawn as generated content, not text: the initials are part of the picture, so a link
            around an avatar keeps the person's name as its whole label (WCAG 2.5.3, label in name). */}
        <span aria-hidden data-initials={initials(name)} className="before:content-[attr(data-initials)]" />
      </AvatarFallback>
    </Avatar>
  );
}
