import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Creator } from '../../../shared/profiles/creator';
import { paths } from '../../../shared/platform/routes';
import { VerificationBadge } from '../profiles/verification-badge';
import { UserAvatar } from '../../ui/avatar';

/** A person in an admin list: avatar, name with badge (to the profile) and @username. */
export function PersonLine({ person, children }: { person: Creator; children?: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <UserAvatar name={person.displayName} seed={person.username} src={person.avatarUrl} className="size-10" />
      <div className="flex min-w-0 flex-col">
        <span className="flex min-w-0 items-center gap-1">
          <Link
            to={paths.profile(person.username)}
            className="truncate font-semibold outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {person.displayName}
          </Link>
          <VerificationBadge type={person.verificationType} className="size-3.5" />
        </span>
        <span className="truncate text-xs text-muted-foreground">
          @{person.username}
          {children}
        </span>
      </div>
    </div>
  );
}
