import { useState, type FormEvent, type ReactNode } from 'react';
import { TextareaField } from '../../ui/textarea-field';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { FormError } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';

/**
 * Asks an admin why, before an action the person concerned will read about (a rejection, a
 * revocation). `required` refuses a blank reason here as the server does.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label = 'Reason',
  placeholder,
  confirm,
  max,
  required = true,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  label?: string;
  placeholder?: string;
  confirm: string;
  max: number;
  required?: boolean;
  pending: boolean;
  /** Resolves when done (the dialog closes); an error's message is shown in the dialog. */
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* Mounted afresh on each opening: a new reason every time. */}
        {open ? (
          <ReasonForm
            label={label}
            placeholder={placeholder}
            confirm={confirm}
            max={max}
            required={required}
            pending={pending}
            onConfirm={onConfirm}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ReasonForm({
  label,
  placeholder,
  confirm,
  max,
  required,
  pending,
  onConfirm,
  onCancel,
}: {
  label: string;
  placeholder: string | undefined;
  confirm: string;
  max: number;
  required: boolean;
  pending: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (required && !reason.trim()) return setError('Give a reason: the person reads it');
    setError(undefined);
    setFormError(undefined);
    try {
      await onConfirm(reason.trim());
    } catch (err) {
      setFormError(err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.');
    }
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <TextareaField
        id="admin-reason"
        label={label}
        error={error}
        autoFocus
        rows={3}
        maxLength={max}
        value={reason}
        placeholder={placeholder}
        onValueChange={setReason}
      />
      <FormError message={formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? <Spinner className="size-4 text-current" label="Working" /> : null}
          {confirm}
        </Button>
      </div>
    </form>
  );
}
