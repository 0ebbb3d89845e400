import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../ui/card';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';

/** One titled card of the settings screen; a region named by its title. */
export function SettingsSection({
  id,
  icon: Icon,
  title,
  description,
  children,
  badge,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 p-5 sm:p-6" data-settings-section={id}>
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon aria-hidden className="size-4.5" />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={`${id}-title`} className="font-semibold">
                {title}
              </h2>
              {badge}
            </div>
            <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
          </div>
        </div>
        {children}
      </section>
    </Card>
  );
}

/**
 * A section's list as the server sends it: a skeleton while it loads, what went wrong with a way
 * to retry, `empty` when there is nothing, else `children` with the items.
 */
export function SectionList<T>({
  query,
  items,
  skeletonClassName,
  errorTitle,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  items: T[] | undefined;
  /** The skeleton's height: the size of a typical list. */
  skeletonClassName: string;
  errorTitle: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Skeleton className={`${skeletonClassName} rounded-lg`} />;
  if (query.isError) return <ErrorState compact headingLevel="h3" title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (!items?.length) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return children(items);
}
