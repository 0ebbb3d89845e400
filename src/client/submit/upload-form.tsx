import { useQuery } from '@tanstack/react-query';
import { Clapperboard, FileVideo, RotateCcw, Smartphone, UploadCloud, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { CreateVideoSchema, DESCRIPTION_MAX, TAG_MAX_LENGTH, TAGS_MAX, TITLE_MAX } from '../../shared/videos';
import { CategorySelect } from '../components/category-select';
import { TagsInput } from '../components/tags-input';
import { Textarea } from '../components/textarea';
import { formatDuration } from '../lib/format';
import { cn } from '../lib/utils';
import { Button } from '../ui/button';
import { errorProps, fieldErrors, FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { VisibilityField, type Visibility } from '../videos/visibility-field';
import { fetchUploadLimit, findResumable, type UploadRequest } from './upload-controller';
import { formatBytes, type UploadKind } from './upload-machine';
import { fileProblem, probeVideoFile, sniffVideoFile, titleFromFile, type Chosen } from './probe-file';

const KINDS: { value: UploadKind; label: string; hint: string; icon: typeof Clapperboard }[] = [
  { value: 'long', label: 'Video', hint: 'Any length, usually landscape. Shown in Glint.', icon: Clapperboard },
  { value: 'short', label: 'Short', hint: 'Vertical or square, up to 3 minutes. Shown in Shorts.', icon: Smartphone },
];

/** Pick the kind and the file, describe it, upload. */
export function UploadForm({
  initial,
  initialKind,
  onStart,
}: {
  initial: UploadRequest | null;
  initialKind: UploadKind;
  onStart: (req: UploadRequest) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<UploadKind>(initial?.kind ?? initialKind);
  const [chosen, setChosen] = useState<Chosen | null>(() => (initial ? { file: initial.file, url: URL.createObjectURL(initial.file), info: undefined } : null));
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [category, setCategory] = useState(initial?.category ?? '');
  const [tags, setTags] = useState<string[]>(initial?.tags ?? []);
  const [visibility, setVisibility] = useState<Visibility>(initial?.visibility ?? 'public');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dragging, setDragging] = useState(false);
  const [resumeTitle, setResumeTitle] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const limit = useQuery({ queryKey: ['uploads', 'limit'], queryFn: fetchUploadLimit, staleTime: Infinity });

  const previewUrl = chosen?.url;
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  // A prefilled file (Change details after a failure) is read again.
  const initialFile = initial?.file;
  useEffect(() => {
    if (!initialFile) return;
    let live = true;
    void probeVideoFile(initialFile).then((info) => live && setChosen((c) => (c && c.file === initialFile ? { ...c, info } : c)));
    void sniffVideoFile(initialFile).then((container) => live && setChosen((c) => (c && c.file === initialFile ? { ...c, container } : c)));
    return () => {
      live = false;
    };
  }, [initialFile]);

  const lookForEarlierUpload = (file: File, k: UploadKind) => {
    setResumeTitle(null);
    findResumable(file, k)
      .then((r) => {
        if (!r) return;
        setResumeTitle(r.draft.title);
        // The earlier upload's title, unless the creator already typed their own.
        setTitle((t) => (!t.trim() || t === titleFromFile(file.name) ? r.draft.title : t));
      })
      .catch(() => undefined);
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    setChosen({ file, url: URL.createObjectURL(file), info: undefined });
    setErrors((e) => ({ ...e, file: '' }));
    if (!title.trim()) setTitle(titleFromFile(file.name));
    void probeVideoFile(file).then((info) => setChosen((c) => (c && c.file === file ? { ...c, info } : c)));
    // Flagged before a byte is sent: a file whose first bytes are not a video is refused here.
    void sniffVideoFile(file).then((container) => setChosen((c) => (c && c.file === file ? { ...c, container } : c)));
    lookForEarlierUpload(file, kind);
  };

  const changeKind = (k: UploadKind) => {
    setKind(k);
    if (chosen) lookForEarlierUpload(chosen.file, k);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };

  const problem = chosen ? fileProblem(chosen, kind, limit.data ?? null) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateVideoSchema.safeParse({ kind, title, description, category, tags, visibility });
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    if (!chosen) next.file = 'Choose a video file';
    setErrors(next);
    if (!parsed.success || !chosen || problem || chosen.info === undefined) return;
    onStart({ file: chosen.file, ...parsed.data });
  };

  const fileError = problem ?? (errors.file || undefined);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">What are you uploading?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {KINDS.map((k) => (
            <label
              key={k.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                kind === k.value ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
              )}
            >
              <input type="radio" name={`${id}-kind`} value={k.value} checked={kind === k.value} onChange={() => changeKind(k.value)} className="sr-only" />
              <span
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-lg',
                  kind === k.value ? 'bg-brand text-white' : 'bg-muted text-muted-foreground',
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

      <div className="flex flex-col gap-2">
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept="video/*,.mkv,.mov,.flv,.ts,.m2ts"
          className="sr-only"
          aria-label="Video file"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${id}-file-error` : undefined}
          onChange={(e) => {
            choose(e.target.files?.[0]);
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
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setChosen(null);
                    setResumeTitle(null);
                  }}
                >
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
            onDrop={onDrop}
            className={cn(
              'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors',
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
              MP4, MOV, WebM, MKV and most other video files{limit.data ? `, up to ${formatBytes(limit.data)}` : ''}.
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

      <FormField id={`${id}-title`} label="Title" error={errors.title}>
        <Input id={`${id}-title`} value={title} maxLength={TITLE_MAX} onChange={(e) => setTitle(e.target.value)} {...errorProps(`${id}-title`, errors.title)} />
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description}>
        <Textarea
          id={`${id}-description`}
          value={description}
          rows={4}
          maxLength={DESCRIPTION_MAX}
          placeholder="Tell viewers what it is about"
          onChange={(e) => setDescription(e.target.value)}
          {...errorProps(`${id}-description`, errors.description)}
        />
      </FormField>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id={`${id}-category`} label="Category" error={errors.category}>
          <CategorySelect
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            {...errorProps(`${id}-category`, errors.category)}
          />
        </FormField>
        <FormField id={`${id}-tags`} label="Tags" error={errors.tags}>
          <TagsInput id={`${id}-tags`} value={tags} onChange={setTags} max={TAGS_MAX} maxLength={TAG_MAX_LENGTH} invalid={!!errors.tags} />
        </FormField>
      </div>
      <VisibilityField name={`${id}-visibility`} value={visibility} onChange={setVisibility} />

      <div className="flex justify-end">
        <Button type="submit" variant="brand" size="lg" disabled={chosen?.info === undefined && !!chosen}>
          <UploadCloud aria-hidden /> Upload
        </Button>
      </div>
    </form>
  );
}
