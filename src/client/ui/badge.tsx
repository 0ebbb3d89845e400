import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../lib/utils';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary-solid text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'text-foreground',
        live: 'border-transparent bg-live text-white uppercase tracking-wide font-semibold',
        brand: 'border-transparent bg-brand text-white',
        muted: 'border-transparent bg-black/60 text-white backdrop-blur-sm',
        success: 'border-transparent bg-success/15 text-success',
        violet: 'border-violet-500/30 bg-violet-500/10 text-violet-700 dark:text-violet-300',
        cyan: 'border-cyan-500/30 bg-cyan-500/10 text-cyan-800 dark:text-cyan-300',
        amber: 'border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-300',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
