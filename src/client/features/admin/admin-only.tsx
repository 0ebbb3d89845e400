import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isAdmin, useSession } from '../auth/session';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { Tabs } from '../../ui/tabs';

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

/**
 * The frame of an admin screen with tabs (/admin/roles, /admin/verification): its header, then,
 * for admins, `children` (the tab list and panels) in tabs whose choice is kept in the address
 * (`?tab=`, left out for the first tab, so the plain address opens it).
 */
export function AdminScreen<Tab extends string>({
  icon,
  title,
  description,
  tabs,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  tabs: readonly [Tab, ...Tab[]];
  children: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') ?? '';
  const tab = (tabs as readonly string[]).includes(asked) ? asked : tabs[0];
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <PageHeader icon={icon} title={title} description={description} />
      <AdminOnly>
        <Tabs value={tab} onValueChange={(v) => setParams(v === tabs[0] ? {} : { tab: v }, { replace: true })}>
          {children}
        </Tabs>
      </AdminOnly>
    </div>
  );
}
