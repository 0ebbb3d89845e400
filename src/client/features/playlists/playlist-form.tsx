import { Globe, Link2, Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  CreatePlaylistSchema,
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_TITLE_MAX,
  PLAYLIST_VISIBILITY_HINTS,
  type PlaylistDetail,
  type PlaylistVisibility,
} from '../../../shared/playlists/playlists';
import { FormActions } from '../../ui/form-actions';
import { FormError, InputField, fieldErrors } from '../../ui/form-field';
import { Label } from '../../ui/label';
import { TextareaField } from '../../ui/textarea-field';

export const VISIBILITY_ICONS = { public: Globe, unlisted: Link2, private: Lock } as const;
export const VISIBILITY_LABELS: Record<PlaylistVisibility, string> = { public: 'Public', unlisted: 'Unlisted', private: 'Private' };

/** A playlist's visibility as a small badge: icon and word. */
export function VisibilityLabel({ visibility, className }: { visibility: PlaylistVisibility; className?: string }) {
  const Icon = VISIBILITY_ICONS[visibility];
  return (
    <span className={className ?? 'inline-flex items-center gap-1 text-xs text-muted-foreground'}>
      <Icon aria-hidden className="size-3.5" /> {VISIBILITY_LABELS[visibility]}
    </span>
  );
}

export interface PlaylistFields {
  title: string;
  description: string;
  visibility: PlaylistVisibility;
}

/**
 * A playlist's title, description (unless `short`) and visibility, checked with the server's own
 * schema; `onSubmit` sends them, and a refusal's words show under the form.
 */
export function PlaylistForm({
  initial,
  short,
  label,
  pendingLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Partial<PlaylistFields>;
  /** The Save dialog's quick form: title and visibility only. */
  short?: boolean;
  label: string;
  pendingLabel: string;
  onSubmit: (fields: PlaylistFields) => Promise<PlaylistDetail | void>;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [visibility, setVisibility] = useState<PlaylistVisibility>(initial?.visibility ?? 'private');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string>();
  const [pending, setPending] = useState(false);
  const id = short ? 'new-playlist' : 'playlist';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreatePlaylistSchema.safeParse({ title, description, visibility });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setFailed(undefined);
    setPending(true);
    try {
      await onSubmit({ title: parsed.data.title, description: parsed.data.description, visibility: parsed.data.visibility });
    } catch (error) {
      setFailed(error instanceof Error ? error.message : 'Something went wrong');
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <InputField
        id={`${id}-title`}
        label="Title"
        value={title}
        maxLength={PLAYLIST_TITLE_MAX}
        autoFocus
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      {short ? null : (
        <TextareaField
          id={`${id}-description`}
          label="Description"
          value={description}
          onValueChange={setDescription}
          maxLength={PLAYLIST_DESCRIPTION_MAX}
          rows={3}
          error={errors.description}
        />
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-visibility`}>Visibility</Label>
        <select
          id={`${id}-visibility`}
          value={visibility}
          onChange={(e) => setVisibility(e.target.value as PlaylistVisibility)}
          aria-describedby={`${id}-visibility-hint`}
          className="h-9 rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {(['private', 'unlisted', 'public'] as const).map((v) => (
            <option key={v} value={v}>
              {VISIBILITY_LABELS[v]}
            </option>
          ))}
        </select>
        <p id={`${id}-visibility-hint`} className="text-xs text-muted-foreground">
          {PLAYLIST_VISIBILITY_HINTS[visibility]}
        </p>
      </div>
      <FormError message={failed} />
      <FormActions onCancel={onCancel} pending={pending} label={label} pendingLabel={pendingLabel} />
    </form>
  );
}
