import { Captions, Trash2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  CAPTION_LABEL_MAX,
  CAPTION_LANGUAGES,
  CAPTION_MAX_BYTES,
  CAPTION_MAX_TRACKS,
  CAPTION_TOO_BIG,
  type CaptionTrack,
  decodeCaptionFile,
  languageName,
} from '../../../shared/videos/captions';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { useDeleteCaptions, usePutCaptions } from './queries';

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background/60 px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:opacity-50';

/**
 * The owner's captions of a video: each language's track with its size and a Remove button, and
 * a row to add one (language, an optional name, the file). A file is sent as soon as it is
 * chosen; one Glint cannot read is refused with the line and the reason, said under the row.
 */
export function CaptionsEditor({ videoId, tracks }: { videoId: string; tracks: readonly CaptionTrack[] }) {
  const id = useId();
  const put = usePutCaptions(videoId);
  const remove = useDeleteCaptions(videoId);
  const taken = new Set(tracks.map((t) => t.language));
  const [language, setLanguage] = useState<string>(() => CAPTION_LANGUAGES.find((l) => !taken.has(l)) ?? 'en');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string>();
  const full = tracks.length >= CAPTION_MAX_TRACKS;

  const send = async (file: File) => {
    setError(undefined);
    if (file.size > CAPTION_MAX_BYTES) return setError(CAPTION_TOO_BIG);
    const content = decodeCaptionFile(new Uint8Array(await file.arrayBuffer()));
    put.mutate(
      { language, content, label: label.trim() || undefined },
      {
        onSuccess: (track) => {
          toast.success(`${track.label} captions saved`, { description: `${track.cues} captions` });
          setLabel('');
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : 'Could not save the captions'),
      },
    );
  };

  return (
    <fieldset className="flex flex-col gap-3" data-testid="captions-editor">
      <legend className="mb-1 flex items-center gap-2 text-sm font-medium">
        <Captions aria-hidden className="size-4" /> Captions
      </legend>
      <p className="text-xs text-muted-foreground">
        Add subtitle files (WebVTT or SRT), one per language. Viewers pick them in the player’s CC menu. They are saved as you add them.
      </p>
      {tracks.length ? (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label="Captions of this video">
          {tracks.map((t) => (
            <li key={t.language} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate">
                <span className="font-medium">{t.label}</span>{' '}
                <span className="text-muted-foreground">
                  · {t.language} · {t.cues.toLocaleString('en-US')} captions
                </span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${t.label} captions`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(t.language, {
                    onSuccess: () => toast.success(`${t.label} captions removed`),
                    onError: (err) => toast.error('Could not remove the captions', { description: err.message }),
                  })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <p className="text-sm text-muted-foreground">This video has captions in {CAPTION_MAX_TRACKS} languages, the most it can have.</p>
      ) : (
        <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-language`} className="text-sm font-medium">
              Language
            </label>
            <select id={`${id}-language`} className={selectClass} value={language} onChange={(e) => setLanguage(e.target.value)}>
              {CAPTION_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {languageName(l)}
                  {taken.has(l) ? ' (replace)' : ''}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-label`} className="text-sm font-medium">
              Name in the menu <span className="font-normal text-muted-foreground">(optional)</span>
            </label>
            <Input
              id={`${id}-label`}
              value={label}
              maxLength={CAPTION_LABEL_MAX}
              placeholder={languageName(language)}
              onChange={(e) => setLabel(e.target.value)}
            />
          </div>
          <label
            className="inline-flex h-9 cursor-pointer items-center justify-center gap-2 rounded-md border px-3 text-sm font-medium shadow-xs transition-colors focus-within:ring-2 focus-within:ring-ring/40 hover:bg-accent"
            aria-busy={put.isPending}
          >
            <Upload aria-hidden className="size-4" />
            {put.isPending ? 'Checking…' : 'Add file'}
            <input
              type="file"
              accept=".vtt,.srt,text/vtt,application/x-subrip"
              className="sr-only"
              aria-describedby={error ? `${id}-error` : undefined}
              disabled={put.isPending}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void send(file);
              }}
            />
          </label>
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
