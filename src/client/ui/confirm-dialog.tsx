import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';

/**
 * Asks before something that cannot be undone: a way back, and the destructive button, which says
 * what it is doing while `pending`. `stacked` puts the two buttons one over the other on phones;
 * `holdWhilePending` keeps the dialog open (and the way back disabled) until the request ends.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  keepLabel = 'Cancel',
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  stacked,
  holdWhilePending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  keepLabel?: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  stacked?: boolean;
  holdWhilePending?: boolean;
}) {
  const held = !!holdWhilePending && pending;
  const change = (o: boolean) => {
    if (!held) onOpenChange(o);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className={stacked ? 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end' : 'flex justify-end gap-2'}>
          <Button variant="outline" onClick={() => change(false)} disabled={held}>
            {keepLabel}
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * What a confirmed request does when it ends: the dialog closes (`close`), and a toast says `done`,
 * or `failed` with the server's reason. For a `ConfirmDialog`'s `onConfirm`.
 */
export function confirmedRequest(
  mutation: { mutate(variables: undefined, handlers: { onSuccess: () => void; onError: (err: Error) => void }): void },
  close: () => void,
  { done, failed }: { done: string; failed: string },
): () => void {
  return () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        close();
        toast.success(done);
      },
      onError: (err) => {
        close();
        toast.error(failed, { description: err.message });
      },
    });
}
