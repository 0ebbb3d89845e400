import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CaptionTrack } from '../../../shared/videos/captions';
import { CAPTIONS_KEY, captionsInMenuOrder, captionsToTurnOn, initialCaptions } from './player-controls';
import type { VideoRef } from './use-media-reading';

function storedChoice(): string | null {
  try {
    return localStorage.getItem(CAPTIONS_KEY);
  } catch {
    return null;
  }
}

const browserLanguages = () => (typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]);

/**
 * The player's captions: which language shows (the viewer's last choice, kept for the next
 * video), and the cues showing now. The browser reads the `<track>` files (only the chosen one's)
 * and times the cues; the player draws them itself, above its controls and inside full screen.
 */
export function useCaptions(videoRef: VideoRef, tracks: readonly CaptionTrack[]) {
  const [language, setLanguageState] = useState<string | null>(() => initialCaptions(tracks, storedChoice())?.language ?? null);
  const [cues, setCues] = useState<readonly VTTCue[]>([]);
  const ordered = useMemo(() => captionsInMenuOrder(tracks, browserLanguages()), [tracks]);
  const languageRef = useRef(language);
  useEffect(() => {
    languageRef.current = language;
  });

  const setLanguage = useCallback((next: string | null) => {
    setLanguageState(next);
    try {
      localStorage.setItem(CAPTIONS_KEY, next ?? 'off');
    } catch {
      // private mode: this video keeps it
    }
  }, []);
  const toggle = useCallback(() => {
    if (languageRef.current) setLanguage(null);
    else setLanguage(captionsToTurnOn(tracks, storedChoice(), browserLanguages())?.language ?? null);
  }, [tracks, setLanguage]);

  useEffect(() => {
    const el = videoRef.current;
    if (!el) return;
    let showing: TextTrack | undefined;
    const onCueChange = () => setCues(showing?.activeCues ? (Array.from(showing.activeCues) as VTTCue[]) : []);
    const apply = () => {
      showing?.removeEventListener('cuechange', onCueChange);
      showing = undefined;
      for (const t of Array.from(el.textTracks)) {
        const wanted = language !== null && t.kind === 'subtitles' && t.language === language;
        // `hidden`: the browser loads and times the cues without drawing them; `disabled`: not even loaded.
        t.mode = wanted ? 'hidden' : 'disabled';
        if (wanted) showing = t;
      }
      showing?.addEventListener('cuechange', onCueChange);
      onCueChange();
    };
    apply();
    el.textTracks.addEventListener('addtrack', apply);
    return () => {
      el.textTracks.removeEventListener('addtrack', apply);
      showing?.removeEventListener('cuechange', onCueChange);
      setCues([]);
    };
  }, [videoRef, language, tracks]);

  return { language, setLanguage, toggle, cues, ordered };
}

/**
 * The cues showing now, drawn by the player: white on near-black for contrast, sized with the
 * player, raised above the controls while they show. The text is the browser's own reading of
 * the cue (`getCueAsHTML`: WebVTT's tags only, never markup of the file's).
 */
export function CaptionText({ cues, raised }: { cues: readonly VTTCue[]; raised: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.replaceChildren(
      ...cues.map((cue) => {
        const line = document.createElement('span');
        line.className = 'rounded-sm bg-black/80 px-[0.4em] py-[0.1em] whitespace-pre-line [box-decoration-break:clone]';
        line.append(cue.getCueAsHTML());
        return line;
      }),
    );
  }, [cues]);
  return (
    <div
      aria-hidden
      className={`pointer-events-none absolute inset-x-[5%] flex flex-col items-center gap-1 text-center text-[clamp(0.875rem,3cqw,2.5rem)] leading-snug font-medium text-white transition-[bottom] duration-200 ${raised ? 'bottom-24' : 'bottom-[6%]'}`}
    >
      <div ref={box} data-testid="captions" className="flex flex-col items-center gap-1" />
    </div>
  );
}
