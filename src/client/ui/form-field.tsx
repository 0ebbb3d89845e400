import type { ComponentProps, ReactNode } from 'react';
import type { z } from 'zod';
import { Input } from './input';
import { Label } from './label';

/** A labelled field with its error line; the input inside gets `id` and `aria-describedby` from the caller. */
export function FormField({
  id,
  label,
  error,
  children,
  trailing,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  children: ReactNode;
  /** Something on the label's line, right-aligned (a "Forgot password?" link). */
  trailing?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {trailing}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text input with its error line: a `FormField` around an `Input` tied to it. */
export function InputField({ id, label, error, ...props }: { id: string; label: ReactNode; error?: string | undefined } & Omit<ComponentProps<'input'>, 'id'>) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input id={id} {...props} {...errorProps(id, error)} />
    </FormField>
  );
}

/** An error about the whole form (not one field), such as a server's refusal; nothing when there is none. */
export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  ) : null;
}

/**
 * The first message for each field of a failed parse: `{ email: 'Invalid email address' }`.
 * A field inside an object is named as the server names it (`token.symbol`); a list's items count
 * as the list (`tags`), whose one input shows them.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const upToList = issue.path.findIndex((p) => typeof p === 'number');
    const key = issue.path
      .slice(0, upToList < 0 ? undefined : upToList)
      .map(String)
      .join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** Props that tie an input to its FormField error line. */
export function errorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}
