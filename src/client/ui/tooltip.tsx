import { Suspense, type ComponentProps, type ReactNode } from 'react';
import { lazyAfterLoad } from '../lib/lazy-after-load';
import type { Tooltip as TooltipPrimitive } from 'radix-ui';

export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  side?: ComponentProps<typeof TooltipPrimitive.Content>['side'];
}

// Radix's tooltip (with its positioning engine) loads once the page has loaded: until then, and if
// its chunk cannot load, the trigger shows alone, exactly as it looks with the tooltip closed.
const RadixTooltip = lazyAfterLoad(() => import('./radix-tooltip').catch(() => ({ default: ({ children }: TooltipProps) => <>{children}</> })));

/** The common case: one trigger, one line of text. */
export function Tooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <RadixTooltip {...props} />
    </Suspense>
  );
}
