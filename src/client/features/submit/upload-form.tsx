import { useQuery } from '@tanstack/react-query';
import { UploadCloud } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CreateVideoSchema, DESCRIPTION_MAX, TAG_MAX_LENGTH, TAGS_MAX, TITLE_MAX } from '../../../shared/videos/videos';
import { CategorySelect } from '../../ui/category-select';
import { TagsInput } from '../../ui/tags-input';
import { Textarea } from '../../ui/textarea';
import { Button } from '../../ui/button';
import { errorProps, fieldErrors, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { VisibilityField, type Visibility } from '../videos/visibility-field';
import { PriceField, type PriceChoice } from '../x402/price-field';
import { fetchUploadLimit, type UploadRequest } from './upload-controller';
import { type UploadKind } from './upload-machine';
import { fileProblem, titleFromFile } from './probe-file';
import { KindPicker, useChosenFile, VideoFileField } from './video-file-field';

/** Pick the kind and the file, describe it, upload. */
export function UploadForm({
  initial,
  initialKind,
  onStart,
}: {
  initial: UploadRequest | null;
  initialKind: UploadKind;
  onStart: (req: UploadRequest) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<UploadKind>(initial?.kind ?? initialKind);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [category, setCategory] = useState(initial?.category ?? '');
  const [tags, setTags] = useState<string[]>(initial?.tags ?? []);
  const [visibility, setVisibility] = useState<Visibility>(initial?.visibility ?? 'public');
  const [price, setPrice] = useState<PriceChoice>({ paid: !!initial?.priceUsdc, price: initial?.priceUsdc ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const limit = useQuery({ queryKey: ['uploads', 'limit'], queryFn: fetchUploadLimit, staleTime: Infinity });
  // An earlier upload of the same file lends its title, unless the creator already typed their own.
  const file = useChosenFile(initial?.file, (earlier, f) => setTitle((t) => (!t.trim() || t === titleFromFile(f.name) ? earlier : t)));
  const { chosen } = file;

  const choose = (f: File | undefined) => {
    if (!f) return;
    setErrors((e) => ({ ...e, file: '' }));
    if (!title.trim()) setTitle(titleFromFile(f.name));
    file.choose(f, kind);
  };

  const problem = chosen ? fileProblem(chosen, kind, limit.data ?? null) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateVideoSchema.safeParse({ kind, title, description, category, tags, visibility, ...(price.paid ? { priceUsdc: price.price } : {}) });
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    if (!chosen) next.file = 'Choose a video file';
    setErrors(next);
    if (!parsed.success || !chosen || problem || chosen.info === undefined) return;
    onStart({ file: chosen.file, ...parsed.data });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <KindPicker
        name={`${id}-kind`}
        value={kind}
        onChange={(k) => {
          setKind(k);
          file.kindChanged(k);
        }}
      />
      <VideoFileField
        id={id}
        kind={kind}
        chosen={chosen}
        resumeTitle={file.resumeTitle}
        limit={limit.data}
        fileError={problem ?? (errors.file || undefined)}
        onFile={choose}
        onRemove={file.clear}
      />

      <FormField id={`${id}-title`} label="Title" error={errors.title}>
        <Input id={`${id}-title`} value={title} maxLength={TITLE_MAX} onChange={(e) => setTitle(e.target.value)} {...errorProps(`${id}-title`, errors.title)} />
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description}>
        <Textarea
          id={`${id}-description`}
          value={description}
          rows={4}
          maxLength={DESCRIPTION_MAX}
          placeholder="Tell viewers what it is about"
          onChange={(e) => setDescription(e.target.value)}
          {...errorProps(`${id}-description`, errors.description)}
        />
      </FormField>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id={`${id}-category`} label="Category" error={errors.category}>
          <CategorySelect
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            {...errorProps(`${id}-category`, errors.category)}
          />
        </FormField>
        <FormField id={`${id}-tags`} label="Tags" error={errors.tags}>
          <TagsInput id={`${id}-tags`} value={tags} onChange={setTags} max={TAGS_MAX} maxLength={TAG_MAX_LENGTH} invalid={!!errors.tags} />
        </FormField>
      </div>
      <VisibilityField name={`${id}-visibility`} value={visibility} onChange={setVisibility} />
      <PriceField name={`${id}-price`} value={price} onChange={setPrice} error={errors.priceUsdc} />

      <div className="flex justify-end">
        <Button type="submit" variant="brand" size="lg" disabled={chosen?.info === undefined && !!chosen}>
          <UploadCloud aria-hidden /> Upload
        </Button>
      </div>
    </form>
  );
}
