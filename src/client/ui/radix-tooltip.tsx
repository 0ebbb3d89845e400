import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { cn } from '../lib/utils';
import type { TakenOver, TooltipProps } from './tooltip';

const DELAY_MS = 700;

function TooltipContent({ className, sideOffset = 6, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md',
          'data-[state=closed]:animate-fade-out data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}

/**
 * One trigger, one line of text; docs/product.md §9: tooltips open after 700 ms. `takenOver` says how
 * the trigger drawn before this one was reached: the new trigger takes the focus back, or opens
 * when the pointer has rested 700 ms in all (Radix itself opens on a pointer move, and a pointer
 * that rests on the trigger makes none).
 */
export default function RadixTooltip({ content, children, side, takenOver }: TooltipProps & { takenOver: TakenOver | null }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (takenOver?.by === 'focus') trigger.current?.focus();
    else if (takenOver?.by === 'pointer') pending.current = setTimeout(() => setOpen(true), Math.max(0, DELAY_MS - (performance.now() - takenOver.at)));
    return () => clearTimeout(pending.current);
  }, [takenOver]);
  return (
    <TooltipPrimitive.Provider delayDuration={DELAY_MS}>
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger ref={trigger} asChild onPointerLeave={() => clearTimeout(pending.current)}>
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipContent side={side}>{content}</TooltipContent>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
