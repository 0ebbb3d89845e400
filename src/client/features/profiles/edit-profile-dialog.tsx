import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DISPLAY_NAME_FIELD_MAX_LENGTH } from '../../../shared/auth/auth';
import { BIO_MAX, ProfileUpdateSchema, type PublicProfile } from '../../../shared/profiles/profiles';
import { LinksField } from '../../ui/links-field';
import { TextareaField } from '../../ui/textarea-field';
import { ApiError } from '../../lib/api';
import { FormActions } from '../../ui/form-actions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { FormError, InputField } from '../../ui/form-field';
import { useUpdateProfile } from './queries';

type Errors = Partial<Record<'displayName' | 'bio' | 'links' | `links.${number}` | 'form', string>>;

/** The field an issue path of `ProfileUpdateSchema` (client or server) belongs to. */
function fieldOf(path: readonly PropertyKey[] | string): keyof Errors {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  if (parts[0] === 'links' && parts[1] !== undefined) return `links.${Number(parts[1])}`;
  if (parts[0] === 'displayName' || parts[0] === 'bio' || parts[0] === 'links') return parts[0];
  return 'form';
}

/**
 * "Edit profile" for the own profile: display name (unique, under 50 characters), bio and up to
 * five links, checked with the same schema as the server.
 */
export function EditProfileDialog({ profile, open, onOpenChange }: { profile: PublicProfile; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit profile</DialogTitle>
          <DialogDescription>What people see on your profile and beside your content.</DialogDescription>
        </DialogHeader>
        {/* Mounted afresh on each opening, so it starts from the saved profile. */}
        {open ? <EditProfileForm profile={profile} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditProfileForm({ profile, onDone }: { profile: PublicProfile; onDone: () => void }) {
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio);
  const [links, setLinks] = useState<string[]>(profile.links.length ? profile.links : ['']);
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateProfile();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { displayName, bio, links: links.map((l) => l.trim()).filter(Boolean) };
    const parsed = ProfileUpdateSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        // Link issues point at the list without the blanks; map them back to the visible rows.
        let field = fieldOf(issue.path);
        if (field.startsWith('links.')) {
          const kept = links.map((l, i) => [l.trim(), i] as const).filter(([l]) => l);
          field = `links.${kept[Number(field.slice(6))]?.[1] ?? 0}`;
        }
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Profile updated');
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length) {
          const next: Errors = {};
          for (const [path, message] of Object.entries(error.fields)) next[fieldOf(path)] ??= message;
          setErrors(next);
        } else setErrors({ form: error.message });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <InputField
        id="profile-display-name"
        label="Display name"
        error={errors.displayName}
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        maxLength={DISPLAY_NAME_FIELD_MAX_LENGTH}
        autoComplete="nickname"
        required
      />
      <TextareaField
        id="profile-bio"
        label="Bio"
        error={errors.bio}
        value={bio}
        onValueChange={setBio}
        maxLength={BIO_MAX}
        rows={4}
        placeholder="Tell people what you stream and post about"
      />
      <LinksField
        id="profile-link"
        legend="Links"
        links={links}
        onChange={setLinks}
        errorAt={(i) => errors[`links.${i}`]}
        error={errors.links}
        alwaysRemovable
      />
      <FormError message={errors.form} />
      <FormActions onCancel={onDone} pending={update.isPending} label="Save changes" pendingLabel="Saving…" className="pt-1" />
    </form>
  );
}
