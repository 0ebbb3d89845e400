import { Check, Settings } from 'lucide-react';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import type { HlsSource } from './use-hls';

const menuItem = 'relative flex cursor-pointer items-center gap-2 rounded-md py-1.5 pr-2 pl-8 text-sm outline-none select-none data-[highlighted]:bg-white/15';

/** The quality menu itself (see `QualityMenu` in player-parts.tsx, which loads it). */
export function QualityMenu({ source, container }: { source: HlsSource; container: HTMLElement | null }) {
  if (source.levels.length === 0) return null;
  const playingLabel = source.levels.find((l) => l.index === source.playing)?.label;
  const current =
    source.selected === -1 ? `Auto${playingLabel ? ` (${playingLabel})` : ''}` : (source.levels.find((l) => l.index === source.selected)?.label ?? 'Auto');
  return (
    <MenuPrimitive.Root modal={false}>
      <MenuPrimitive.Trigger
        aria-label={`Quality: ${current}`}
        title="Quality"
        className="flex h-9 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-white outline-none transition-colors hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white"
      >
        <Settings aria-hidden className="size-5" />
        <span className="max-sm:hidden">{current}</span>
      </MenuPrimitive.Trigger>
      <MenuPrimitive.Portal container={container ?? undefined}>
        <MenuPrimitive.Content
          side="top"
          align="end"
          sideOffset={8}
          className="z-50 min-w-40 rounded-lg border border-white/15 bg-black/90 p-1 text-white shadow-xl backdrop-blur data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
        >
          <MenuPrimitive.Label className="px-2 py-1.5 text-xs text-white/60">Quality</MenuPrimitive.Label>
          <MenuPrimitive.RadioGroup value={String(source.selected)} onValueChange={(v) => source.select(Number(v))}>
            <MenuPrimitive.RadioItem value="-1" className={menuItem}>
              <MenuPrimitive.ItemIndicator className="absolute left-2">
                <Check aria-hidden className="size-4" />
              </MenuPrimitive.ItemIndicator>
              Auto{playingLabel && source.selected === -1 ? ` (${playingLabel})` : ''}
            </MenuPrimitive.RadioItem>
            {source.levels.map((l) => (
              <MenuPrimitive.RadioItem key={l.index} value={String(l.index)} className={menuItem}>
                <MenuPrimitive.ItemIndicator className="absolute left-2">
                  <Check aria-hidden className="size-4" />
                </MenuPrimitive.ItemIndicator>
                {l.label}
              </MenuPrimitive.RadioItem>
            ))}
          </MenuPrimitive.RadioGroup>
        </MenuPrimitive.Content>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
}
