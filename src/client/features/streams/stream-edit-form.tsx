import { Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { UpdateStreamSchema, type UpdateStreamInput } from '../../../shared/live/live';
import type { StreamDetail } from '../../../shared/live/streams';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { fieldErrors, FormError } from '../../ui/form-field';
import { useUpdateStream, useUploadStreamThumbnail } from './queries';
import { StreamDetailsFields, type StreamDetailsDraft } from './stream-details-fields';
import { StreamThumbnailField } from './stream-thumbnail-field';
import { StreamTokenFields, tokenDraft, tokenOf } from './stream-token-fields';

/**
 * The creator changes what a stream says about itself: title, description, category, tags,
 * thumbnail and token, with the Go live form's rules and messages (the same schema checks the
 * request on the server). Only what changed is sent.
 */
export function StreamEditForm({ stream }: { stream: StreamDetail }) {
  const id = useId();
  const update = useUpdateStream(stream.id);
  const upload = useUploadStreamThumbnail();
  const [details, setDetails] = useState<StreamDetailsDraft>({
    title: stream.title,
    description: stream.description,
    category: stream.category,
    tags: stream.tags,
  });
  const { title, description, category, tags } = details;
  const [token, setToken] = useState(tokenDraft(stream.token));
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pending = update.isPending || upload.isPending;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = tokenOf(token);
    const before = tokenOf(tokenDraft(stream.token));
    const diff: UpdateStreamInput = {};
    if (title !== stream.title) diff.title = title;
    if (description !== stream.description) diff.description = description;
    if (category !== stream.category) diff.category = category;
    if (tags.join(',') !== stream.tags.join(',')) diff.tags = tags;
    if (JSON.stringify(next) !== JSON.stringify(before)) diff.token = next;
    const parsed = UpdateStreamSchema.safeParse(diff);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    if (!Object.keys(diff).length && !thumbnail) return void toast.info('Nothing to save: no changes');
    try {
      if (Object.keys(diff).length) await update.mutateAsync(diff);
      if (thumbnail) {
        await upload.mutateAsync({ id: stream.id, file: thumbnail });
        setThumbnail(null);
      }
      toast.success('Changes saved');
    } catch (err) {
      setErrors(err instanceof ApiError && Object.keys(err.fields).length ? { ...err.fields } : { form: err instanceof Error ? err.message : String(err) });
    }
  };

  const field = (name: string) => `${id}-${name}`;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6" aria-label="Stream details">
      <StreamDetailsFields field={field} errors={errors} value={details} onChange={setDetails} />
      <StreamThumbnailField id={field('thumbnail')} file={thumbnail} onChange={setThumbnail} current={stream.thumbnailUrl} />

      <StreamTokenFields field={field} errors={errors} value={token} onChange={setToken} />

      <FormError message={errors.form} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          <Save aria-hidden /> {pending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
