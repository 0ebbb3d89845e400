import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isAdmin, useSession } from '../auth/session';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';

/**
 * An admin screen's contents for admins; anyone else reaching the address is told it is not for
 * them. Only a courtesy: the server refuses every admin call from anyone else (docs/security.md).
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (isAdmin(user)) return children;
  return (
    <EmptyState
      icon={ShieldAlert}
      title="Admins only"
      description="This screen is for Glint’s admins."
      action={
        <Button asChild variant="outline" size="sm">
          <Link to="/app">Go home</Link>
        </Button>
      }
    />
  );
}
