import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { CODE_LENGTH, CodeInput } from './code-input';
import { useSession } from './session';

/**
 * docs/product.md §2 "Two-factor screen", after a password login to an account with an authenticator:
 * a six-digit box, Verify (disabled until six digits) and Cancel (signs out, back to the form).
 * A wrong code is cleared (docs/product.md §8) and the attempts warning stays under the box. `onExit`
 * returns the dialog to its form: after Cancel, success, or an expired sign-in.
 */
export function TwoFactorStep({ onExit }: { onExit: () => void }) {
  const { actions } = useSession();
  const [code, setCode] = useState('');
  const [warning, setWarning] = useState<string>();
  const [busy, setBusy] = useState<'verify' | 'cancel' | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== CODE_LENGTH || busy) return;
    setBusy('verify');
    try {
      const result = await actions.verifyTwoFactor(code);
      if (result.ok) return onExit();
      setCode('');
      setWarning(result.warning);
      if (result.expired) onExit();
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    setBusy('cancel');
    try {
      await actions.cancelTwoFactor();
    } finally {
      setBusy(null);
      onExit();
    }
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={(e) => void submit(e)} noValidate aria-label="Two-factor authentication">
      <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
          <ShieldCheck aria-hidden className="size-5" />
        </span>
        <p className="text-muted-foreground">Open your authenticator app and enter the 6-digit code it shows for your account.</p>
      </div>
      <FormField id="two-factor-code" label="Authentication code">
        <CodeInput id="two-factor-code" autoFocus value={code} onValueChange={setCode} aria-describedby={warning ? 'two-factor-warning' : undefined} />
      </FormField>
      {warning ? (
        <p id="two-factor-warning" className="-mt-2 text-sm font-medium text-amber-600 dark:text-amber-400" aria-live="polite">
          {warning}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="outline" className="sm:flex-1" disabled={busy !== null} onClick={() => void cancel()}>
          {busy === 'cancel' ? <Spinner className="size-4 text-current" label="Cancelling" /> : null}
          Cancel
        </Button>
        <Button type="submit" variant="brand" className="sm:flex-1" disabled={code.length !== CODE_LENGTH || busy !== null}>
          {busy === 'verify' ? <Spinner className="size-4 text-current" label="Verifying" /> : null}
          Verify
        </Button>
      </div>
    </form>
  );
}
