import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/platform/routes';
import type { Creator } from '../../../shared/profiles/creator';
import { cn } from '../../lib/utils';
import { UserAvatar } from '../../ui/avatar';
import { VerificationBadge } from './verification-badge';

export function CreatorAvatarLink({ creator, className }: { creator: Creator; className?: string }) {
  return (
    <Link
      to={paths.profile(creator.username)}
      className="shrink-0 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={`${creator.displayName} (@${creator.username})`}
    >
      <UserAvatar name={creator.displayName} seed={creator.username} src={creator.avatarUrl} className={className} />
    </Link>
  );
}

/** A creator's name with their badge, linking to their profile. */
export function CreatorName({ creator, className }: { creator: Creator; className?: string }) {
  return (
    <span className={cn('flex min-w-0 items-center gap-1', className)}>
      <Link
        to={paths.profile(creator.username)}
        className="truncate rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        {creator.displayName}
      </Link>
      <VerificationBadge type={creator.verificationType} className="size-3.5" />
    </span>
  );
}

/**
 * The lower half of a stream's or a video's card: the creator's avatar beside the title (a link to
 * `href`), the creator's name, and a line about the content (`children`).
 */
export function CardByline({ creator, href, title, children }: { creator: Creator; href: string; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <CreatorAvatarLink creator={creator} />
      {/* Title and name 6 px apart: a one-line title's link is 16 px tall and the name's 20, and
          WCAG 2.5.8 wants small targets' centres 24 px apart; 2 px left them 22 apart, which
          Lighthouse flagged on a phone's fractional pixels. */}
      <div className="flex min-w-0 flex-col gap-1.5">
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold">
          <Link to={href} className="rounded-sm outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring">
            {title}
          </Link>
        </h3>
        <CreatorName creator={creator} className="text-sm" />
        <p className="truncate text-xs text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}
