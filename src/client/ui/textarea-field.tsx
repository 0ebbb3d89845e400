import type { ComponentProps, ReactNode } from 'react';
import { errorProps, FormField } from './form-field';
import { Textarea } from './textarea';

/**
 * A labelled multi-line field that counts what has been typed against its limit (`12/280` on the
 * label's line, unless `counter={false}`), with its error line. The value is the caller's; every other textarea prop passes on.
 */
export function TextareaField({
  id,
  label,
  error,
  value,
  onValueChange,
  maxLength,
  counterHidden,
  counter = true,
  ...props
}: Omit<ComponentProps<'textarea'>, 'id' | 'value' | 'onChange' | 'maxLength'> & {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
  maxLength: number;
  /** Keep the count from screen readers (a short message field that announces it elsewhere). */
  counterHidden?: boolean;
  /** `false`: no count on the label's line (the limit still holds). */
  counter?: boolean;
}) {
  return (
    <FormField
      id={id}
      label={label}
      error={error}
      trailing={
        counter && (
          <span className="text-xs text-muted-foreground tabular-nums" aria-hidden={counterHidden || undefined}>
            {value.length}/{maxLength}
          </span>
        )
      }
    >
      <Textarea id={id} value={value} maxLength={maxLength} onChange={(e) => onValueChange(e.target.value)} {...props} {...errorProps(id, error)} />
    </FormField>
  );
}
