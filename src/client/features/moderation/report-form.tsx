import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  CreateReportSchema,
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_RECEIVED,
  REPORT_RECEIVED_DETAIL,
  type ReportReason,
} from '../../../shared/moderation/moderation';
import { TextareaField } from '../../ui/textarea-field';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/utils';
import { FormActions } from '../../ui/form-actions';
import { fieldErrors, FormError } from '../../ui/form-field';
import { useReport } from './queries';

import type { ReportSubject } from './report-dialog';

/** The Report dialog's form: a reason and details, then 'Report received'. */
export function ReportForm({ subject, onDone }: { subject: ReportSubject; onDone: () => void }) {
  const send = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { targetType: subject.type, targetId: subject.id, reason: reason ?? undefined, details };
    const parsed = CreateReportSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setRefusal(undefined);
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(REPORT_RECEIVED, { description: REPORT_RECEIVED_DETAIL });
        onDone();
      },
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
        else setRefusal(err.message);
      },
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate data-testid="report-form">
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
        <legend className="mb-2 text-sm font-medium">Why are you reporting it?</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {REPORT_REASONS.map((r) => (
            <label
              key={r}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                reason === r ? 'border-primary bg-primary/5 font-medium' : 'hover:bg-accent/50',
              )}
            >
              <input type="radio" name="report-reason" value={r} checked={reason === r} onChange={() => setReason(r)} className="accent-primary" />
              {REPORT_REASON_LABELS[r]}
            </label>
          ))}
        </div>
        {errors.reason ? (
          <p id="report-reason-error" role="alert" className="text-xs font-medium text-destructive">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>
      <TextareaField
        id="report-details"
        label={reason === 'other' ? 'Details' : 'Details (optional)'}
        error={errors.details}
        counter={false}
        value={details}
        rows={3}
        maxLength={REPORT_DETAILS_MAX}
        placeholder="What should the moderators look at? Links, times in the video…"
        onValueChange={setDetails}
      />
      <FormError message={refusal} />
      <FormActions onCancel={onDone} pending={send.isPending} label="Send report" pendingLabel="Sending…" />
    </form>
  );
}
