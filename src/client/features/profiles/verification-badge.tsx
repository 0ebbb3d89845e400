import { BadgeCheck } from 'lucide-react';
import { VERIFICATION_TEXT } from '../../../shared/verification/badges';
import type { Creator } from '../../../shared/profiles/creator';
import { cn } from '../../lib/utils';
import { Tooltip } from '../../ui/tooltip';

/**
 * The blue (identity) or red (earned) check beside a name, explained in a tooltip. `focusable`
 * lets keyboard users reach the tooltip where the badge stands alone (a profile header).
 */
export function VerificationBadge({ type, className, focusable = false }: { type: Creator['verificationType']; className?: string; focusable?: boolean }) {
  if (type === 'none') return null;
  const text = VERIFICATION_TEXT[type];
  return (
    <Tooltip content={text}>
      <span
        role="img"
        aria-label={text}
        data-verification={type}
        tabIndex={focusable ? 0 : undefined}
        className="inline-flex shrink-0 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <BadgeCheck
          aria-hidden
          className={cn('size-4', type === 'blue' ? 'fill-sky-500 text-white dark:text-background' : 'fill-red-500 text-white dark:text-background', className)}
        />
      </span>
    </Tooltip>
  );
}
