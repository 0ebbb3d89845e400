import { Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { lazyAfterLoad } from '../lib/lazy-after-load';
import type { Tooltip as TooltipPrimitive } from 'radix-ui';

export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  side?: ComponentProps<typeof TooltipPrimitive.Content>['side'];
}

/** How the tooltip took its trigger over: focused (the new trigger takes the focus back) or hovered since `at`. */
export type TakenOver = { by: 'focus' } | { by: 'pointer'; at: number };

// Radix's tooltip (with its positioning engine) loads once the page has loaded: until then, and if
// its chunk cannot load, the trigger shows alone, exactly as it looks with the tooltip closed.
const RadixTooltip = lazyAfterLoad(() => import('./radix-tooltip').catch(() => ({ default: ({ children }: TooltipProps) => <>{children}</> })));

/**
 * The common case: one trigger, one line of text. The trigger is drawn on its own until a pointer
 * or the focus first reaches it; only then does Radix's tooltip take it over (drawing it anew). A
 * page of cards with a badge each thus draws no tooltip at all until one is wanted, rather than
 * drawing every badge a second time when the tooltip's code arrives.
 */
export function Tooltip(props: TooltipProps) {
  const [takenOver, setTakenOver] = useState<TakenOver | null>(null);
  if (!takenOver)
    return (
      <Slot.Root
        onPointerEnter={(event) => {
          // A finger opens no tooltip (as Radix's own trigger does): a tap goes to what holds the badge.
          if (event.pointerType === 'touch') return;
          RadixTooltip.preload();
          setTakenOver({ by: 'pointer', at: performance.now() });
        }}
        onFocus={() => {
          RadixTooltip.preload();
          setTakenOver({ by: 'focus' });
        }}
      >
        {props.children}
      </Slot.Root>
    );
  return (
    <Suspense fallback={props.children}>
      <RadixTooltip {...props} takenOver={takenOver} />
    </Suspense>
  );
}
