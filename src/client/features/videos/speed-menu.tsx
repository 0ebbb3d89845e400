import { Gauge } from 'lucide-react';
import { PLAYBACK_RATES, rateLabel } from './player-controls';
import { PlayerMenu } from './player-menu';

const OPTIONS = PLAYBACK_RATES.map((r) => ({ value: String(r), label: rateLabel(r) }));

/** The playback speed menu, 0.25× to 2× (see `SpeedMenu` in player-parts.tsx, which loads it). */
export function SpeedMenu({ rate, onRate, container }: { rate: number; onRate: (rate: number) => void; container: HTMLElement | null }) {
  return (
    <PlayerMenu
      label={`Playback speed: ${rateLabel(rate)}`}
      title="Playback speed"
      trigger={
        <>
          <Gauge aria-hidden className="size-5" />
          {rate === 1 ? null : <span className="tabular-nums">{rateLabel(rate)}</span>}
        </>
      }
      heading="Playback speed"
      value={String(rate)}
      onValue={(v) => onRate(Number(v))}
      options={OPTIONS}
      container={container}
    />
  );
}
