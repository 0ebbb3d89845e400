import { Button } from './button';
import { cn } from '../lib/utils';

/** A form's last row: Cancel, then its submit button, which says what it is doing while `pending`. */
export function FormActions({
  onCancel,
  pending,
  label,
  pendingLabel,
  className,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
