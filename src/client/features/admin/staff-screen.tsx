import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isModerator, useSession } from '../auth/session';
import { StaffOnlyNotice } from '../moderation/moderated-item';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/page-header';

/**
 * The frame of a moderators' screen (/admin/moderation, /admin/reports): its header with a link to
 * its sibling, and its contents for moderators and admins; anyone else is told it is for staff.
 * Only a courtesy: the server refuses every staff call from anyone else (docs/security.md).
 */
export function StaffScreen({
  icon,
  title,
  description,
  sibling,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  /** The other staff screen, linked from the header. */
  sibling: { to: string; icon: ReactNode; label: string };
  children: ReactNode;
}) {
  const { user } = useSession();
  const staff = isModerator(user);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={icon}
        title={title}
        description={description}
        actions={
          staff ? (
            <Button variant="outline" asChild>
              <Link to={sibling.to}>
                {sibling.icon} {sibling.label}
              </Link>
            </Button>
          ) : undefined
        }
      />
      {staff ? children : <StaffOnlyNotice />}
    </div>
  );
}
