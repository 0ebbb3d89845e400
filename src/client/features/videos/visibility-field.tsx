import { Globe, Link2, Lock } from 'lucide-react';
import type { Visibility } from '../../../shared/videos/video-rules';
import { cn } from '../../lib/utils';

export type { Visibility };

const OPTIONS: { value: Visibility; label: string; hint: string; icon: typeof Globe }[] = [
  { value: 'public', label: 'Public', hint: 'Everyone can find and watch it', icon: Globe },
  { value: 'unlisted', label: 'Unlisted', hint: 'Only people with the link can watch it', icon: Link2 },
  { value: 'private', label: 'Private', hint: 'Only you can watch it', icon: Lock },
];

/** Public, unlisted or private, as three radio cards. */
export function VisibilityField({
  name,
  value,
  onChange,
  disabled,
}: {
  name: string;
  value: Visibility;
  onChange: (v: Visibility) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Visibility</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {OPTIONS.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === o.value ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
            )}
          >
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="sr-only" />
            <o.icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', value === o.value ? 'text-primary' : 'text-muted-foreground')} />
            <span className="flex flex-col gap-0.5">
              <span className="text-sm font-medium">{o.label}</span>
              <span className="text-xs text-muted-foreground">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
