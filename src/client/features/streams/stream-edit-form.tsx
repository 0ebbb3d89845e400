import { Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { UpdateStreamSchema, type UpdateStreamInput } from '../../../shared/live/live';
import type { StreamDetail } from '../../../shared/live/streams';
import { DESCRIPTION_MAX, TAG_MAX_LENGTH, TAGS_MAX, TITLE_MAX } from '../../../shared/videos/video-rules';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { CategorySelect } from '../../ui/category-select';
import { errorProps, fieldErrors, FormError, FormField, InputField } from '../../ui/form-field';
import { TagsInput } from '../../ui/tags-input';
import { Textarea } from '../../ui/textarea';
import { useUpdateStream, useUploadStreamThumbnail } from './queries';
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
  const [title, setTitle] = useState(stream.title);
  const [description, setDescription] = useState(stream.description);
  const [category, setCategory] = useState(stream.category);
  const [tags, setTags] = useState(stream.tags);
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
      <InputField id={field('title')} label="Title" error={errors.title} value={title} maxLength={TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
      <FormField id={field('description')} label="Description" error={errors.description}>
        <Textarea
          id={field('description')}
          value={description}
          rows={3}
          maxLength={DESCRIPTION_MAX}
          placeholder="What is the stream about?"
          onChange={(e) => setDescription(e.target.value)}
          {...errorProps(field('description'), errors.description)}
        />
      </FormField>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id={field('category')} label="Category" error={errors.category}>
          <CategorySelect
            id={field('category')}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            {...errorProps(field('category'), errors.category)}
          />
        </FormField>
        <FormField id={field('tags')} label="Tags" error={errors.tags}>
          <TagsInput id={field('tags')} value={tags} onChange={setTags} max={TAGS_MAX} maxLength={TAG_MAX_LENGTH} invalid={!!errors.tags} />
        </FormField>
      </div>
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
