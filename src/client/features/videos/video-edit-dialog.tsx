import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PRODUCT_SLUG } from '../../../shared/platform/product';
import { DESCRIPTION_MAX, TAG_MAX_LENGTH, TAGS_MAX, TITLE_MAX } from '../../../shared/videos/video-rules';
import type { VideoDetail } from '../../../shared/videos/videos';
import { PriceSchema } from '../../../shared/x402/x402';
import { PriceField, type PriceChoice } from '../x402/price-field';
import { CategorySelect } from '../../ui/category-select';
import { TagsInput } from '../../ui/tags-input';
import { TextareaField } from '../../ui/textarea-field';
import { ApiError } from '../../lib/api';
import { FormActions } from '../../ui/form-actions';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { errorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useDeleteVideo, useUpdateVideo, useUploadThumbnail, type VideoUpdate } from './queries';
import { ThumbnailPicker } from './thumbnail-picker';
import { CaptionsEditor } from './captions-editor';
import { VisibilityField, type Visibility } from './visibility-field';
import { mediaUrl } from '../../lib/native/api-origin';

/** The `fields` of a refused answer by top-level field (`tags.2` counts for `tags`). */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(err.fields)) out[path.split('.')[0] ?? ''] ??= message;
  return out;
}

/** Why the server refuses a price (no wallet, no USDC account, pay-per-view off, the chain unreachable). */
export const PRICE_REFUSALS = ['no_wallet', 'no_usdc_account', 'x402_disabled', 'chain_unavailable'];

/** The owner changes title, description, category, tags, visibility, price and thumbnail. */
export function VideoEditDialog({ video, open, onOpenChange }: { video: VideoDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit {video.kind === 'short' ? 'short' : 'video'}</DialogTitle>
          <DialogDescription>Changes show to viewers as soon as you save.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the saved values. */}
        {open ? <EditForm video={video} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ video, onDone }: { video: VideoDetail; onDone: () => void }) {
  const update = useUpdateVideo(video.id);
  const [title, setTitle] = useState(video.title);
  const [description, setDescription] = useState(video.description);
  const [category, setCategory] = useState(video.category);
  const [tags, setTags] = useState(video.tags);
  const [visibility, setVisibility] = useState<Visibility>(video.visibility);
  const [thumb, setThumb] = useState(() => video.thumbnailCandidates.indexOf(video.thumbnailUrl ?? ''));
  const [price, setPrice] = useState<PriceChoice>({ paid: !!video.priceUsdc, price: video.priceUsdc ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!title.trim()) next.title = 'Title is required';
    else if (title.trim().length > TITLE_MAX) next.title = `Title must be at most ${TITLE_MAX} characters`;
    if (description.length > DESCRIPTION_MAX) next.description = `Description must be at most ${DESCRIPTION_MAX} characters`;
    const priced = price.paid ? PriceSchema.safeParse(price.price) : undefined;
    if (priced && !priced.success) next.priceUsdc = priced.error.issues[0]?.message ?? 'Enter a price in USDC';
    setErrors(next);
    if (Object.keys(next).length) return;

    const diff: VideoUpdate = {};
    if (title.trim() !== video.title) diff.title = title.trim();
    if (description.trim() !== video.description) diff.description = description.trim();
    if (category !== video.category) diff.category = category;
    if (tags.join(',') !== video.tags.join(',')) diff.tags = tags;
    if (visibility !== video.visibility) diff.visibility = visibility;
    if (thumb >= 0 && video.thumbnailCandidates[thumb] !== video.thumbnailUrl) diff.thumbnailIndex = thumb;
    const newPrice = priced?.success ? priced.data : null;
    if (newPrice !== video.priceUsdc) diff.priceUsdc = newPrice;
    if (Object.keys(diff).length === 0) return onDone();
    update.mutate(diff, {
      onSuccess: () => {
        toast.success('Changes saved');
        onDone();
      },
      onError: (err) => {
        const fields = serverFieldErrors(err);
        // Selling needs a wallet with a USDC account, and pay-per-view on this server: said under the price.
        if (err instanceof ApiError && PRICE_REFUSALS.includes(err.code)) fields.priceUsdc = err.message;
        setErrors(fields);
        if (Object.keys(fields).length === 0) toast.error('Could not save your changes', { description: err.message });
      },
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <FormField id="edit-title" label="Title" error={errors.title}>
        <Input id="edit-title" value={title} maxLength={TITLE_MAX} onChange={(e) => setTitle(e.target.value)} {...errorProps('edit-title', errors.title)} />
      </FormField>
      <TextareaField
        id="edit-description"
        label="Description"
        error={errors.description}
        counter={false}
        value={description}
        rows={4}
        maxLength={DESCRIPTION_MAX}
        onValueChange={setDescription}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="edit-category" label="Category" error={errors.category}>
          <CategorySelect id="edit-category" value={category} onChange={(e) => setCategory(e.target.value)} {...errorProps('edit-category', errors.category)} />
        </FormField>
        <FormField id="edit-tags" label="Tags" error={errors.tags}>
          <TagsInput id="edit-tags" value={tags} onChange={setTags} max={TAGS_MAX} maxLength={TAG_MAX_LENGTH} invalid={!!errors.tags} />
        </FormField>
      </div>
      <VisibilityField name="edit-visibility" value={visibility} onChange={setVisibility} />
      <PriceField name="edit-price" value={price} onChange={setPrice} error={errors.priceUsdc} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Thumbnail</legend>
        <ThumbnailPicker candidates={video.thumbnailCandidates} selected={thumb} onSelect={setThumb} tall={video.kind === 'short'} />
        <OwnThumbnail videoId={video.id} current={thumb === -1 ? video.thumbnailUrl : null} />
      </fieldset>
      <CaptionsEditor videoId={video.id} tracks={video.captions} />
      <FormActions onCancel={onDone} pending={update.isPending} label="Save changes" pendingLabel="Saving…" />
    </form>
  );
}

/** Asks first; after deleting, `onDeleted`, or back to the Glint list. */
export function DeleteVideoDialog({
  video,
  open,
  onOpenChange,
  onDeleted,
}: {
  video: Pick<VideoDetail, 'id' | 'title' | 'kind'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const del = useDeleteVideo();
  const navigate = useNavigate();
  const noun = video.kind === 'short' ? 'short' : 'video';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete this ${noun}?`}
      description={`“${video.title}” and its views, likes and comments will be gone for good, and its media removed. This can’t be undone.`}
      confirmLabel={`Delete ${noun}`}
      pendingLabel="Deleting…"
      pending={del.isPending}
      onConfirm={() =>
        del.mutate(video.id, {
          onSuccess: () => {
            onOpenChange(false);
            toast.success(video.kind === 'short' ? 'Short deleted' : 'Video deleted');
            if (onDeleted) onDeleted();
            else void navigate(`/${PRODUCT_SLUG}`, { replace: true });
          },
          onError: (err) => toast.error(`Could not delete the ${noun}`, { description: err.message }),
        })
      }
    />
  );
}

/** Or an image of the owner's: saved at once, re-encoded to the video's shape by the server. */
function OwnThumbnail({ videoId, current }: { videoId: string; current: string | null }) {
  const upload = useUploadThumbnail(videoId);
  const [error, setError] = useState<string>();
  return (
    <div className="flex flex-wrap items-center gap-3 pt-1">
      {current ? <img src={mediaUrl(current)} alt="Current thumbnail" className="h-12 rounded border object-cover" /> : null}
      <label className="cursor-pointer text-sm font-medium text-primary underline-offset-4 hover:underline">
        {upload.isPending ? 'Uploading image…' : 'Upload an image instead'}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="sr-only"
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setError(undefined);
            upload.mutate(file, {
              onSuccess: () => toast.success('Thumbnail saved'),
              onError: (err) => setError(err instanceof ApiError ? err.message : 'Could not upload the image'),
            });
          }}
        />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
