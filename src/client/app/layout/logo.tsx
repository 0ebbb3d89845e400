import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/platform/product';
import { cn } from '../../lib/utils';

export function LogoMark({ className }: { className?: string }) {
  return (
    <span className={cn('flex size-8 items-center justify-center rounded-lg bg-brand text-white shadow-md shadow-violet-500/30', className)}>
      <Sparkles aria-hidden className="size-4.5" />
    </span>
  );
}

/** The logo, linking to the landing page (docs/product.md §2 top bar). */
export function Logo({ className, to = '/' }: { className?: string; to?: string }) {
  return (
    <Link
      to={to}
      aria-label={`${PRODUCT_NAME} home`}
      className={cn('flex shrink-0 items-center gap-2 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
    >
      <LogoMark />
      <span className="text-lg font-extrabold tracking-tight text-gradient">{PRODUCT_NAME}</span>
    </Link>
  );
}
