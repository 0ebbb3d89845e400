import { ImagePlus, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { IMAGE_TYPES, imageFileProblem } from '../../../shared/media/images';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';

/**
 * An optional picture for a stream's card and page while it is not live, with a preview; the
 * file is checked here (type, size) and again, by its content, on the server.
 */
export function StreamThumbnailField({
  id,
  file,
  onChange,
  current,
}: {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The picture the stream has now (editing), shown until another is chosen. */
  current?: string | null | undefined;
}) {
  const [error, setError] = useState<string>();
  const chosen = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  const preview = chosen ?? current ?? null;
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);

  return (
    <FormField id={id} label={current ? 'Thumbnail' : 'Thumbnail (optional)'} error={error}>
      <div className="flex items-center gap-4">
        <div className="flex aspect-video w-40 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted">
          {preview ? (
            <img src={preview} alt={chosen ? 'Chosen thumbnail' : 'Current thumbnail'} className="size-full object-cover" />
          ) : (
            <ImagePlus aria-hidden className="size-6 text-muted-foreground" />
          )}
        </div>
        <div className="flex flex-col gap-2">
          <input
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-medium"
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              const problem = chosen ? imageFileProblem(chosen) : undefined;
              setError(problem);
              onChange(problem ? null : chosen);
            }}
          />
          {file ? (
            <Button type="button" variant="ghost" size="sm" className="self-start" onClick={() => onChange(null)}>
              <X aria-hidden /> Remove
            </Button>
          ) : (
            <p className="text-xs text-muted-foreground">While live, the card shows the stream itself.</p>
          )}
        </div>
      </div>
    </FormField>
  );
}
