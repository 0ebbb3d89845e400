import { Check } from 'lucide-react';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

const menuItem = 'relative flex cursor-pointer items-center gap-2 rounded-md py-1.5 pr-2 pl-8 text-sm outline-none select-none data-[highlighted]:bg-white/15';

/**
 * A menu of the player's controls (quality, speed): a button over the video, and above it one
 * choice among several, drawn in the player's dark style; in full screen it opens inside the player.
 */
export function PlayerMenu({
  label,
  title,
  trigger,
  heading,
  value,
  onValue,
  options,
  container,
}: {
  /** The button's accessible name, with the current choice ("Quality: Auto"). */
  label: string;
  title: string;
  trigger: ReactNode;
  heading: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  container: HTMLElement | null;
}) {
  return (
    <MenuPrimitive.Root modal={false}>
      <MenuPrimitive.Trigger
        aria-label={label}
        title={title}
        className="flex h-9 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-white outline-none transition-colors hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white"
      >
        {trigger}
      </MenuPrimitive.Trigger>
      <MenuPrimitive.Portal container={container ?? undefined}>
        <MenuPrimitive.Content
          side="top"
          align="end"
          sideOffset={8}
          className="z-50 min-w-36 rounded-lg border border-white/15 bg-black/90 p-1 text-white shadow-xl backdrop-blur data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
        >
          <MenuPrimitive.Label className="px-2 py-1.5 text-xs text-white/60">{heading}</MenuPrimitive.Label>
          <MenuPrimitive.RadioGroup value={value} onValueChange={onValue}>
            {options.map((o) => (
              <MenuPrimitive.RadioItem key={o.value} value={o.value} className={menuItem}>
                <MenuPrimitive.ItemIndicator className="absolute left-2">
                  <Check aria-hidden className="size-4" />
                </MenuPrimitive.ItemIndicator>
                {o.label}
              </MenuPrimitive.RadioItem>
            ))}
          </MenuPrimitive.RadioGroup>
        </MenuPrimitive.Content>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
}
