import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { cn } from '../lib/utils';

/** Tags as the server stores them: trimmed, lower case, without a leading #. */
export function normalizeTag(raw: string): string {
  return raw.trim().replace(/^#+/, '').toLowerCase();
}

/**
 * Tags as chips: Enter or a comma adds what was typed, Backspace in the empty box removes the
 * last one, each chip has its own remove button.
 */
export function TagsInput({
  id,
  value,
  onChange,
  max,
  maxLength,
  disabled,
  invalid,
  describedBy,
}: {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  max: number;
  maxLength: number;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const [draft, setDraft] = useState('');
  const full = value.length >= max;

  const add = (raw: string) => {
    const parts = raw.split(',').map(normalizeTag).filter(Boolean);
    if (parts.length === 0) return;
    const next = [...value];
    for (const p of parts) if (!next.includes(p) && next.length < max) next.push(p.slice(0, maxLength));
    onChange(next);
    setDraft('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(draft);
    } else if (e.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div
      className={cn(
        'flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-background/60 px-2 py-1.5 text-sm shadow-xs transition-[border-color,box-shadow] focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/40',
        invalid && 'border-destructive',
        disabled && 'opacity-50',
      )}
    >
      <ul className="contents">
        {value.map((t) => (
          <li key={t} className="flex items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-2.5 text-xs font-medium text-secondary-foreground">
            #{t}
            <button
              type="button"
              disabled={disabled}
              onClick={() => onChange(value.filter((x) => x !== t))}
              aria-label={`Remove tag ${t}`}
              className="rounded-full p-0.5 outline-none hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X aria-hidden className="size-3" />
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        value={draft}
        disabled={disabled || full}
        maxLength={maxLength + 1}
        onChange={(e) => {
          if (e.target.value.includes(',')) add(e.target.value);
          else setDraft(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => add(draft)}
        placeholder={full ? `${max} tags at most` : value.length ? 'Add another' : 'Type a tag and press Enter'}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="min-w-32 flex-1 bg-transparent px-1 py-0.5 outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
      />
    </div>
  );
}
