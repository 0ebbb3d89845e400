import { Shield, ShieldCheck } from 'lucide-react';
import { Badge } from '../../ui/badge';

type Role = 'admin' | 'moderator';

/** 'Platform Administrator' for admins, else 'Platform Moderator' for moderators (docs/product.md §6). */
export function RoleBadge({ roles }: { roles: readonly Role[] }) {
  if (roles.includes('admin')) {
    return (
      <Badge variant="violet">
        <ShieldCheck aria-hidden /> Platform Administrator
      </Badge>
    );
  }
  if (roles.includes('moderator')) {
    return (
      <Badge variant="cyan">
        <Shield aria-hidden /> Platform Moderator
      </Badge>
    );
  }
  return null;
}
