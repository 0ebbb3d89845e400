import { Captions } from 'lucide-react';
import type { CaptionTrack } from '../../../shared/videos/captions';
import { PlayerMenu } from './player-menu';

const OFF = 'off';

/** The CC menu: off, or one of the video's caption tracks (see `CaptionsMenu` in player-parts.tsx, which loads it). */
export function CaptionsMenu({
  tracks,
  language,
  onLanguage,
  container,
}: {
  /** In the order to offer them (the browser's languages first). */
  tracks: readonly CaptionTrack[];
  language: string | null;
  onLanguage: (language: string | null) => void;
  container: HTMLElement | null;
}) {
  const current = tracks.find((t) => t.language === language);
  return (
    <PlayerMenu
      label={`Subtitles/CC: ${current?.label ?? 'Off'}`}
      title="Subtitles/CC (c)"
      trigger={
        // Underlined while on, as players show it.
        <span className={current ? 'border-b-2 border-primary pb-0.5' : 'border-b-2 border-transparent pb-0.5'}>
          <Captions aria-hidden className="size-5" />
        </span>
      }
      heading="Subtitles/CC"
      value={current?.language ?? OFF}
      onValue={(v) => onLanguage(v === OFF ? null : v)}
      options={[{ value: OFF, label: 'Off' }, ...tracks.map((t) => ({ value: t.language, label: t.label }))]}
      container={container}
    />
  );
}
