import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/utils';

/**
 * What a screen or section shows when it has nothing to show: an icon, a heading, one helpful
 * line and, where it helps, an action.
 */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
  headingLevel = 'h2',
  compact = false,
  tone = 'default',
}: {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  headingLevel?: 'h1' | 'h2' | 'h3';
  compact?: boolean;
  tone?: 'default' | 'error';
}) {
  const Heading = headingLevel;
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-dashed text-center',
        compact ? 'gap-2 px-4 py-8' : 'gap-3 px-6 py-14',
        className,
      )}
    >
      <div
        className={cn(
          'flex items-center justify-center rounded-full',
          compact ? 'size-11' : 'size-14',
          tone === 'error' ? 'bg-destructive/10 text-destructive' : 'bg-primary/10 text-primary',
        )}
      >
        <Icon aria-hidden className={compact ? 'size-5' : 'size-6'} />
      </div>
      <Heading className={cn('font-semibold text-balance', compact ? 'text-base' : 'text-lg')}>{title}</Heading>
      {description ? <p className="max-w-md text-sm text-pretty text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-1 flex flex-wrap items-center justify-center gap-2">{action}</div> : null}
    </div>
  );
}
