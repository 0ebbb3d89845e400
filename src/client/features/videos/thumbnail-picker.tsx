import { Check } from 'lucide-react';
import { cn } from '../../lib/utils';
import { mediaUrl } from '../../lib/native/api-origin';

/** The frames processing picked, as a choice of one (the video's thumbnail). */
export function ThumbnailPicker({
  candidates,
  selected,
  onSelect,
  disabled,
  tall,
}: {
  candidates: string[];
  /** Index into `candidates`, or -1 when the current thumbnail is none of them. */
  selected: number;
  onSelect: (index: number) => void;
  disabled?: boolean;
  /** Shorts: vertical frames. */
  tall?: boolean;
}) {
  if (candidates.length === 0) return <p className="text-sm text-muted-foreground">Frames to choose from appear once processing is done.</p>;
  return (
    <div role="radiogroup" aria-label="Thumbnail" className={cn('grid gap-3', tall ? 'grid-cols-3 sm:max-w-sm' : 'grid-cols-3')}>
      {candidates.map((url, i) => {
        const checked = i === selected;
        return (
          <button
            key={url}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={`Frame ${i + 1}`}
            disabled={disabled}
            onClick={() => onSelect(i)}
            className={cn(
              'relative overflow-hidden rounded-lg border-2 bg-muted outline-none transition-[border-color,opacity] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:opacity-60',
              tall ? 'aspect-[9/16]' : 'aspect-video',
              checked ? 'border-primary' : 'border-transparent hover:border-muted-foreground/40',
            )}
          >
            <img src={mediaUrl(url)} alt="" className="size-full object-cover" />
            {checked ? (
              <span className="absolute top-1.5 right-1.5 flex size-5 items-center justify-center rounded-full bg-primary-solid text-primary-foreground">
                <Check aria-hidden className="size-3.5" />
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
