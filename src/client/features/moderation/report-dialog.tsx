import { Flag } from 'lucide-react';
import { lazy, type ReactNode } from 'react';
import type { ReportTarget } from '../../../shared/moderation/moderation';
import { useMemberDialog } from '../auth/use-member-dialog';
import { cn } from '../../lib/utils';
import { Button, type ButtonProps } from '../../ui/button';
import { LazyDialog } from '../../ui/lazy-dialog';

/** What is reported, and whose it is (the Report action is not offered on your own). */
export interface ReportSubject {
  type: ReportTarget;
  id: string;
  ownerId: string;
  /** How the dialog names it: 'video', 'short', 'stream', 'comment', 'message', 'profile'. */
  noun: string;
}

// The form and its validation (zod) load when the dialog first opens.
const ReportForm = lazy(() => import('./report-form').then((m) => ({ default: m.ReportForm })));

/**
 * The Report dialog (docs/product.md "Reports and moderation"): a reason and details, then
 * 'Report received'. A second report of the same item, or too many in an hour, is explained in
 * the dialog.
 */
export function ReportDialog({ subject, open, onOpenChange }: { subject: ReportSubject; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <LazyDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-lg"
      title={`Report this ${subject.noun}`}
      description="Tell the moderators what is wrong. The owner never learns who reported it."
      loading="Loading the report form"
    >
      <ReportForm subject={subject} onDone={() => onOpenChange(false)} />
    </LazyDialog>
  );
}

/**
 * The Report action: a button (or the caller's own control) that opens the dialog. Not shown on
 * your own things; a guest is asked to sign in first.
 */
export function ReportButton({
  subject,
  className,
  size = 'default',
  variant = 'outline',
  trigger,
}: {
  subject: ReportSubject;
  className?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  /** Draws the control that opens the dialog where a plain button would not fit. */
  trigger?: (onClick: () => void) => ReactNode;
}) {
  const { hidden, open, setOpen, onClick } = useMemberDialog((user) => user.id === subject.ownerId);
  if (hidden) return null;
  return (
    <>
      {trigger ? (
        trigger(onClick)
      ) : (
        <Button variant={variant} size={size} className={cn('rounded-full', className)} onClick={onClick} title={`Report this ${subject.noun}`}>
          <Flag aria-hidden /> Report
        </Button>
      )}
      <ReportDialog subject={subject} open={open} onOpenChange={setOpen} />
    </>
  );
}
