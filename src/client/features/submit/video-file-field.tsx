import { Clapperboard, FileVideo, RotateCcw, Smartphone, UploadCloud, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../lib/format';
import { cn } from '../../lib/utils';
import { Button } from '../../ui/button';
import { findResumable } from './upload-controller';
import { formatBytes, type UploadKind } from './upload-machine';
import { probeVideoFile, sniffVideoFile, type Chosen } from './probe-file';

const KINDS: { value: UploadKind; label: string; hint: string; icon: typeof Clapperboard }[] = [
  { value: 'long', label: 'Video', hint: 'Any length, usually landscape. Shown in Glint.', icon: Clapperboard },
  { value: 'short', label: 'Short', hint: 'Vertical or square, up to 3 minutes. Shown in Shorts.', icon: Smartphone },
];

/**
 * The file a creator picked, read in the browser (size, dimensions, duration, whether its first
 * bytes are a video) and matched against an earlier unfinished upload of the same file, whose
 * title goes to `onEarlierUpload`.
 */
export function useChosenFile(initialFile: File | undefined, onEarlierUpload: (title: string, file: File) => void) {
  const [chosen, setChosen] = useState<Chosen | null>(() =>
    initialFile ? { file: initialFile, url: URL.createObjectURL(initialFile), info: undefined } : null,
  );
  const [resumeTitle, setResumeTitle] = useState<string | null>(null);

  const previewUrl = chosen?.url;
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  // A prefilled file (Change details after a failure) is read again.
  useEffect(() => {
    if (initialFile) readFile(initialFile, setChosen);
  }, [initialFile]);

  const lookForEarlierUpload = (file: File, kind: UploadKind) => {
    setResumeTitle(null);
    findResumable(file, kind)
      .then((r) => {
        if (!r) return;
        setResumeTitle(r.draft.title);
        onEarlierUpload(r.draft.title, file);
      })
      .catch(() => undefined);
  };

  return {
    chosen,
    resumeTitle,
    choose(file: File, kind: UploadKind) {
      setChosen({ file, url: URL.createObjectURL(file), info: undefined });
      readFile(file, setChosen);
      lookForEarlierUpload(file, kind);
    },
    kindChanged(kind: UploadKind) {
      if (chosen) lookForEarlierUpload(chosen.file, kind);
    },
    clear() {
      setChosen(null);
      setResumeTitle(null);
    },
  };
}

/** Reads a chosen file's facts; each lands only while that file is still the chosen one. */
function readFile(file: File, setChosen: (update: (c: Chosen | null) => Chosen | null) => void) {
  const update = (patch: Partial<Chosen>) => setChosen((c) => (c && c.file === file ? { ...c, ...patch } : c));
  void probeVideoFile(file).then((info) => update({ info }));
  // Flagged before a byte is sent: a file whose first bytes are not a video is refused here.
  void sniffVideoFile(file).then((container) => update({ container }));
}

/** Video or short, as two large radio cards. */
export function KindPicker({ name, value, onChange }: { name: string; value: UploadKind; onChange: (kind: UploadKind) => void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">What are you uploading?</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {KINDS.map((k) => (
          <label
            key={k.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === k.value ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
            )}
          >
            <input type="radio" name={name} value={k.value} checked={value === k.value} onChange={() => onChange(k.value)} className="sr-only" />
            <span
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-lg',
                value === k.value ? 'bg-brand text-white' : 'bg-muted text-muted-foreground',
              )}
            >
              <k.icon aria-hidden className="size-5" />
            </span>
            <span className="flex flex-col gap-0.5">
              <span className="font-semibold">{k.label}</span>
              <span className="text-xs text-muted-foreground">{k.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The file field: a drop zone until a file is chosen, then its preview, facts and actions. */
export function VideoFileField({
  id,
  kind,
  chosen,
  resumeTitle,
  limit,
  fileError,
  onFile,
  onRemove,
}: {
  id: string;
  kind: UploadKind;
  chosen: Chosen | null;
  resumeTitle: string | null;
  limit: number | null | undefined;
  fileError: string | undefined;
  onFile: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-2">
      <input
        ref={fileInput}
        id={`${id}-file`}
        type="file"
        accept="video/*,.mkv,.mov,.flv,.ts,.m2ts"
        // `peer`: the drop zone below shows this hidden field's keyboard focus.
        className="peer sr-only"
        aria-label="Video file"
        aria-invalid={fileError ? true : undefined}
        aria-describedby={fileError ? `${id}-file-error` : undefined}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {chosen ? (
        <div className={cn('flex flex-col gap-4 rounded-xl border p-4 sm:flex-row', fileError && 'border-destructive')}>
          <video
            src={chosen.url}
            muted
            playsInline
            controls
            preload="metadata"
            aria-label="Preview"
            className={cn(
              'shrink-0 rounded-lg bg-black object-contain',
              chosen.info && chosen.info.height > chosen.info.width ? 'aspect-[9/16] h-48' : 'aspect-video w-full sm:w-64',
            )}
          />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="flex items-center gap-2 font-medium break-all">
              <FileVideo aria-hidden className="size-4 shrink-0 text-primary" /> {chosen.file.name}
            </p>
            <p className="text-sm text-muted-foreground" data-testid="file-facts">
              {formatBytes(chosen.file.size)}
              {chosen.info ? ` · ${chosen.info.width}×${chosen.info.height}` : ''}
              {chosen.info?.duration ? ` · ${formatDuration(chosen.info.duration)}` : ''}
              {chosen.info === undefined ? ' · reading…' : ''}
            </p>
            {resumeTitle ? (
              <p className="mt-1 flex items-start gap-1.5 text-sm text-primary">
                <RotateCcw aria-hidden className="mt-0.5 size-4 shrink-0" />
                Part of this file was uploaded before (“{resumeTitle}”). Uploading continues where it stopped.
              </p>
            ) : null}
            <div className="mt-auto flex gap-2 pt-2">
              <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                Choose another file
              </Button>
              <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
                <X aria-hidden /> Remove
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <label
          htmlFor={`${id}-file`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            onFile(e.dataTransfer.files[0]);
          }}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
            dragging ? 'border-primary bg-primary/5' : 'hover:border-primary/60 hover:bg-accent/40',
            fileError && 'border-destructive',
          )}
          data-testid="dropzone"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <UploadCloud aria-hidden className="size-7" />
          </span>
          <span className="font-semibold">Drag and drop a video file, or click to choose one</span>
          <span className="text-sm text-muted-foreground">
            MP4, MOV, WebM, MKV and most other video files{limit ? `, up to ${formatBytes(limit)}` : ''}.
            {kind === 'short' ? ' Shorts are vertical or square and at most 3 minutes.' : ''}
          </span>
        </label>
      )}
      {fileError ? (
        <p id={`${id}-file-error`} role="alert" className="text-sm font-medium text-destructive">
          {fileError}
        </p>
      ) : null}
    </div>
  );
}
