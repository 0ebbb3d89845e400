import { Radio } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CreateStreamSchema } from '../../../shared/live/live';
import { paths } from '../../../shared/platform/routes';
import { useSession } from '../auth/session';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { fieldErrors, FormError, InputField } from '../../ui/form-field';
import { broadcaster } from './broadcaster';
import { STUDIO_SUBMITTER } from './browser-studio';
import { useCreateStream, useUploadStreamThumbnail } from './queries';
import { StreamDetailsFields, type StreamDetailsDraft } from './stream-details-fields';
import { StreamThumbnailField } from './stream-thumbnail-field';
import { StreamTokenFields, tokenDraft, tokenOf } from './stream-token-fields';
import { localToIso } from './schedule-time';

/**
 * Describe a stream, then go live now (from OBS or the browser) or schedule it as Upcoming. Sent
 * by the browser studio's Start button (`formId`), it creates the stream and starts streaming.
 */
export function GoLiveForm({ formId }: { formId?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const { user } = useSession();
  const create = useCreateStream();
  const upload = useUploadStreamThumbnail();
  const [details, setDetails] = useState<StreamDetailsDraft>({ title: '', description: '', category: '', tags: [] });
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [scheduledAt, setScheduledAt] = useState('');
  const [token, setToken] = useState(tokenDraft());
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fromStudio = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === STUDIO_SUBMITTER;
    // Streaming from the browser starts now, whatever the schedule says.
    const later = when === 'later' && !fromStudio;
    if (later && !scheduledAt) return setErrors({ scheduledAt: 'Choose a date and time' });
    const input = {
      ...details,
      scheduledAt: later ? localToIso(scheduledAt) : null,
      token: tokenOf(token),
    };
    const parsed = CreateStreamSchema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    create.mutate(input, {
      onSuccess: async (s) => {
        if (fromStudio) broadcaster.start(s.id);
        // The stream exists either way; a picture the server refuses is said, not a lost stream.
        if (thumbnail)
          await upload
            .mutateAsync({ id: s.id, file: thumbnail })
            .catch((err: Error) => toast.error('The thumbnail was not saved', { description: err.message }));
        void navigate(paths.stream({ id: s.id, username: user?.username, title: s.title }));
      },
      onError: (err) => setErrors(err instanceof ApiError && Object.keys(err.fields).length ? { ...err.fields } : { form: err.message }),
    });
  };

  const field = (name: string) => `${id}-${name}`;
  return (
    <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label="Go live">
      <StreamDetailsFields field={field} errors={errors} value={details} onChange={setDetails} />
      <StreamThumbnailField id={field('thumbnail')} file={thumbnail} onChange={setThumbnail} />

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">When</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={field('when')} checked={when === 'now'} onChange={() => setWhen('now')} /> Now: it goes live when your stream starts
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={field('when')} checked={when === 'later'} onChange={() => setWhen('later')} /> Later: show it as Upcoming with a countdown
        </label>
        {when === 'later' ? (
          <InputField
            id={field('scheduledAt')}
            label="Starts at"
            error={errors.scheduledAt}
            type="datetime-local"
            value={scheduledAt}
            onChange={(e) => setScheduledAt(e.target.value)}
          />
        ) : null}
      </fieldset>

      <StreamTokenFields field={field} errors={errors} value={token} onChange={setToken} />

      <FormError message={errors.form} />
      <div className="flex justify-end">
        <Button type="submit" variant="brand" size="lg" disabled={create.isPending || upload.isPending}>
          <Radio aria-hidden /> {when === 'now' ? 'Create stream' : 'Schedule stream'}
        </Button>
      </div>
    </form>
  );
}
