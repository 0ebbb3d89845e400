import { Suspense, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';
import { Spinner } from './spinner';

export interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Classes of the dialog's box (its width). */
  className?: string;
  /** What the spinner says while `children` (a lazy form) loads: 'Loading the tip form'. */
  loading: string;
  /** Rendered only while the dialog is open. */
  children: ReactNode;
}

/** A dialog with its title and description over `children` (see `LazyDialog`, which loads it). */
export function DialogFrame({ open, onOpenChange, title, description, className, loading, children }: DialogFrameProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? <Suspense fallback={<Spinner label={loading} />}>{children}</Suspense> : null}
      </DialogContent>
    </Dialog>
  );
}
