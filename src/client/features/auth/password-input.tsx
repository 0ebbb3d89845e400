import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { errorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';

/** A password field with a show/hide toggle. */
// No maxLength: a browser would cut a longer password silently; the schema says it is too long instead.
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type' | 'maxLength'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-10', className)} {...props} />
      <button
        type="button"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
      </button>
    </div>
  );
}

/** A labelled password field with its error line (`trailing`: a link on the label's line). */
export function PasswordField({
  id,
  label,
  error,
  autoComplete,
  value,
  onValueChange,
  trailing,
}: {
  id: string;
  label: string;
  error: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onValueChange: (value: string) => void;
  trailing?: ReactNode;
}) {
  return (
    <FormField id={id} label={label} error={error} trailing={trailing}>
      <PasswordInput id={id} autoComplete={autoComplete} value={value} onChange={(e) => onValueChange(e.target.value)} {...errorProps(id, error)} />
    </FormField>
  );
}
