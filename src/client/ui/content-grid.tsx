import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { Skeleton } from './skeleton';

export type GridKind = 'wide' | 'tall' | 'bounty';

const GRID: Record<GridKind, string> = {
  wide: 'grid grid-cols-1 gap-x-4 gap-y-7 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4',
  tall: 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6',
  bounty: 'grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3',
};

export function ContentGrid({ kind, children, className }: { kind: GridKind; children: ReactNode; className?: string }) {
  return <div className={cn(GRID[kind], className)}>{children}</div>;
}

/** The shape of a grid while its content loads. */
export function ContentGridSkeleton({ kind, count = 4 }: { kind: GridKind; count?: number }) {
  return (
    <div className={GRID[kind]} role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, i) =>
        kind === 'wide' ? (
          <div key={i} className="flex flex-col gap-3">
            <Skeleton className="aspect-video w-full rounded-xl" />
            <div className="flex gap-3">
              <Skeleton className="size-9 shrink-0 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-11/12" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
          </div>
        ) : kind === 'tall' ? (
          <Skeleton key={i} className="aspect-[9/16] w-full rounded-xl" />
        ) : (
          <div key={i} className="flex flex-col gap-4 rounded-xl border p-5">
            <div className="flex justify-between">
              <Skeleton className="h-5 w-24 rounded-full" />
              <Skeleton className="h-6 w-20" />
            </div>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        ),
      )}
    </div>
  );
}
