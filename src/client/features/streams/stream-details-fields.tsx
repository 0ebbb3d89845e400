import { DESCRIPTION_MAX, TAG_MAX_LENGTH, TAGS_MAX, TITLE_MAX } from '../../../shared/videos/video-rules';
import { CategorySelect } from '../../ui/category-select';
import { errorProps, FormField, InputField } from '../../ui/form-field';
import { TagsInput } from '../../ui/tags-input';
import { Textarea } from '../../ui/textarea';

/** What a stream says about itself, as typed in its form. */
export interface StreamDetailsDraft {
  title: string;
  description: string;
  category: string;
  tags: string[];
}

/** A part of a stream's form: its fields' ids (`field(name)`), the errors by field name, and what it holds. */
export interface StreamFormPart<T> {
  field: (name: string) => string;
  errors: Record<string, string | undefined>;
  value: T;
  onChange: (next: T) => void;
}

/** Title, description, category and tags: the first part of the Go live form and of a stream's edit form. */
export function StreamDetailsFields({ field, errors, value, onChange }: StreamFormPart<StreamDetailsDraft>) {
  const set = (patch: Partial<StreamDetailsDraft>) => onChange({ ...value, ...patch });
  return (
    <>
      <InputField
        id={field('title')}
        label="Title"
        error={errors.title}
        value={value.title}
        maxLength={TITLE_MAX}
        onChange={(e) => set({ title: e.target.value })}
      />
      <FormField id={field('description')} label="Description" error={errors.description}>
        <Textarea
          id={field('description')}
          value={value.description}
          rows={3}
          maxLength={DESCRIPTION_MAX}
          placeholder="What is the stream about?"
          onChange={(e) => set({ description: e.target.value })}
          {...errorProps(field('description'), errors.description)}
        />
      </FormField>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id={field('category')} label="Category" error={errors.category}>
          <CategorySelect
            id={field('category')}
            value={value.category}
            onChange={(e) => set({ category: e.target.value })}
            {...errorProps(field('category'), errors.category)}
          />
        </FormField>
        <FormField id={field('tags')} label="Tags" error={errors.tags}>
          <TagsInput
            id={field('tags')}
            value={value.tags}
            onChange={(tags) => set({ tags })}
            max={TAGS_MAX}
            maxLength={TAG_MAX_LENGTH}
            invalid={!!errors.tags}
          />
        </FormField>
      </div>
    </>
  );
}
