import { Check, Gauge } from 'lucide-react';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { PLAYBACK_RATES, rateLabel } from './player-controls';

const menuItem = 'relative flex cursor-pointer items-center gap-2 rounded-md py-1.5 pr-2 pl-8 text-sm outline-none select-none data-[highlighted]:bg-white/15';

/** The playback speed menu, 0.25× to 2× (see `SpeedMenu` in player-parts.tsx, which loads it). */
export function SpeedMenu({ rate, onRate, container }: { rate: number; onRate: (rate: number) => void; container: HTMLElement | null }) {
  return (
    <MenuPrimitive.Root modal={false}>
      <MenuPrimitive.Trigger
        aria-label={`Playback speed: ${rateLabel(rate)}`}
        title="Playback speed"
        className="flex h-9 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-white outline-none transition-colors hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white"
      >
        <Gauge aria-hidden className="size-5" />
        {rate === 1 ? null : <span className="tabular-nums">{rateLabel(rate)}</span>}
      </MenuPrimitive.Trigger>
      <MenuPrimitive.Portal container={container ?? undefined}>
        <MenuPrimitive.Content
          side="top"
          align="end"
          sideOffset={8}
          className="z-50 min-w-36 rounded-lg border border-white/15 bg-black/90 p-1 text-white shadow-xl backdrop-blur data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
        >
          <MenuPrimitive.Label className="px-2 py-1.5 text-xs text-white/60">Playback speed</MenuPrimitive.Label>
          <MenuPrimitive.RadioGroup value={String(rate)} onValueChange={(v) => onRate(Number(v))}>
            {PLAYBACK_RATES.map((r) => (
              <MenuPrimitive.RadioItem key={r} value={String(r)} className={menuItem}>
                <MenuPrimitive.ItemIndicator className="absolute left-2">
                  <Check aria-hidden className="size-4" />
                </MenuPrimitive.ItemIndicator>
                {rateLabel(r)}
              </MenuPrimitive.RadioItem>
            ))}
          </MenuPrimitive.RadioGroup>
        </MenuPrimitive.Content>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
}
