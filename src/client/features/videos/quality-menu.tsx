import { Settings } from 'lucide-react';
import type { HlsSource } from './use-hls';
import { PlayerMenu } from './player-menu';

/** The quality menu itself (see `QualityMenu` in player-parts.tsx, which loads it). */
export function QualityMenu({ source, container }: { source: HlsSource; container: HTMLElement | null }) {
  if (source.levels.length === 0) return null;
  const playingLabel = source.levels.find((l) => l.index === source.playing)?.label;
  const current =
    source.selected === -1 ? `Auto${playingLabel ? ` (${playingLabel})` : ''}` : (source.levels.find((l) => l.index === source.selected)?.label ?? 'Auto');
  return (
    <PlayerMenu
      label={`Quality: ${current}`}
      title="Quality"
      trigger={
        <>
          <Settings aria-hidden className="size-5" />
          <span className="max-sm:hidden">{current}</span>
        </>
      }
      heading="Quality"
      value={String(source.selected)}
      onValue={(v) => source.select(Number(v))}
      options={[
        { value: '-1', label: `Auto${playingLabel && source.selected === -1 ? ` (${playingLabel})` : ''}` },
        ...source.levels.map((l) => ({ value: String(l.index), label: l.label })),
      ]}
      container={container}
    />
  );
}
