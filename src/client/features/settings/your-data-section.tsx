import { Database, Download, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DELETION_CANCELLED_MESSAGE, DELETION_GRACE_DAYS, EXPORT_VALID_HOURS, formatDeletionDate, type DataExport } from '../../../shared/privacy/privacy';
import type { WalletProof } from '../../../shared/wallet/wallet';
import { messageOf } from '../auth/auth-api';
import { CODE_LENGTH, CodeInput } from '../auth/code-input';
import { PasswordInput } from '../auth/password-input';
import { useSession, type SessionUser } from '../auth/session';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { useCancelDeletionMutation, useDataExportQuery, useDeletionQuery, useRequestExportMutation, useScheduleDeletionMutation } from './queries';
import { SettingsSection } from './settings-section';

/** What "Download your data" shows: the newest export's state as the person sees it. */
type ExportView = { step: 'idle' } | { step: 'preparing'; progress: number } | { step: 'ready'; url: string; expiresAt: string } | { step: 'failed' };

export function exportView(e: DataExport | null | undefined): ExportView {
  if (!e || e.status === 'expired') return { step: 'idle' };
  if (e.status === 'preparing') return { step: 'preparing', progress: e.progress };
  if (e.status === 'ready' && e.downloadUrl && e.expiresAt) return { step: 'ready', url: e.downloadUrl, expiresAt: e.expiresAt };
  return { step: 'failed' };
}

function DownloadYourData() {
  const query = useDataExportQuery();
  const request = useRequestExportMutation();
  const view = exportView(query.data?.export);
  const start = () =>
    request.mutate(undefined, {
      onError: (err) => toast.error('Could not prepare your data', { description: messageOf(err) }),
    });
  const startButton = (label: string) => (
    <Button variant="outline" className="self-start" disabled={request.isPending || query.isPending} onClick={start}>
      {request.isPending ? <Spinner className="size-4 text-current" label="Starting" /> : <Download aria-hidden />}
      {label}
    </Button>
  );

  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-muted/30 px-4 py-3" data-testid="download-your-data" data-state={view.step}>
      <div>
        <h3 className="font-medium">Download your data</h3>
        <p className="text-sm text-muted-foreground">
          Your profile, videos (details and links to their files), comments, chat messages, tips and purchases, follows and notifications, as JSON files in a
          zip. We email you the link; it works for {EXPORT_VALID_HOURS} hours.
        </p>
      </div>
      {view.step === 'idle' ? startButton('Download your data') : null}
      {view.step === 'preparing' ? (
        <div className="flex flex-col gap-1.5" aria-live="polite">
          <p className="text-sm">Preparing your data… {view.progress}%</p>
          <div
            role="progressbar"
            aria-label="Preparing your data"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={view.progress}
            className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${view.progress}%` }} />
          </div>
        </div>
      ) : null}
      {view.step === 'ready' ? (
        <div className="flex flex-col gap-2" aria-live="polite">
          <Button asChild variant="brand" className="self-start">
            <a href={view.url} download>
              <Download aria-hidden />
              Download (zip)
            </a>
          </Button>
          <p className="text-sm text-muted-foreground">Available until {formatDateTime(view.expiresAt)}.</p>
        </div>
      ) : null}
      {view.step === 'failed' ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-destructive" role="alert">
            We could not prepare your data. Please try again.
          </p>
          {startButton('Try again')}
        </div>
      ) : null}
    </div>
  );
}

/** The dialog that asks who is there before the deletion is scheduled: password or wallet, and the code. */
function DeleteAccountDialog({
  user,
  hasPassword,
  open,
  onOpenChange,
}: {
  user: SessionUser;
  hasPassword: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { actions } = useSession();
  const schedule = useScheduleDeletionMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [signing, setSigning] = useState(false);
  const byWallet = !hasPassword && !!user.publicWalletAddress && !!actions.proveWalletOwnership;
  const canProve = hasPassword || byWallet;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (hasPassword && !password) return setError('Enter your password');
    if (user.twoFactorEnabled && code.length !== CODE_LENGTH) return setError('Enter the 6-digit code from your authenticator app');
    let wallet: WalletProof | undefined;
    if (!hasPassword) {
      setSigning(true);
      try {
        wallet = await actions.proveWalletOwnership?.();
      } catch {
        setError('Failed to get wallet signature');
      } finally {
        setSigning(false);
      }
      if (!wallet) return;
    }
    schedule.mutate(
      { ...(hasPassword ? { password } : { wallet }), ...(user.twoFactorEnabled ? { code } : {}) },
      {
        onSuccess: (data) => {
          onOpenChange(false);
          setPassword('');
          setCode('');
          if (data.deleteAfter) toast.success(`Your account will be deleted on ${formatDeletionDate(data.deleteAfter)}`);
        },
        onError: (err) => {
          setError(messageOf(err));
          setCode('');
        },
      },
    );
  };
  const busy = signing || schedule.isPending;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your account will be deleted after {DELETION_GRACE_DAYS} days. Signing in before then cancels it. After that your profile, videos, comments and chat
            messages are gone for good; tips and purchases stay in the ledger without your name.
          </DialogDescription>
        </DialogHeader>
        {canProve ? (
          <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate aria-label="Delete account">
            {error ? (
              <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive" role="alert">
                {error}
              </p>
            ) : null}
            {hasPassword ? (
              <FormField id="delete-password" label="Password">
                <PasswordInput id="delete-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
              </FormField>
            ) : (
              <p className="text-sm text-muted-foreground">Your wallet will ask you to sign a message to confirm it is you.</p>
            )}
            {user.twoFactorEnabled ? (
              <FormField id="delete-code" label="Authentication code">
                <CodeInput id="delete-code" value={code} onValueChange={setCode} />
              </FormField>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Keep my account
              </Button>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? <Spinner className="size-4 text-current" label="Deleting" /> : null}
                {hasPassword ? 'Delete account' : 'Sign with wallet and delete'}
              </Button>
            </div>
          </form>
        ) : (
          <p className="text-sm" role="alert">
            Your account signs in with Google only. Set a password first (“Forgot password?” on the sign-in screen), then delete it here.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DeleteAccount({ user, hasPassword }: { user: SessionUser; hasPassword: boolean }) {
  const deletion = useDeletionQuery();
  const cancel = useCancelDeletionMutation();
  const [open, setOpen] = useState(false);
  const deleteAfter = deletion.data?.deleteAfter ?? null;

  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-destructive/30 px-4 py-3"
      data-testid="delete-account"
      data-state={deleteAfter ? 'scheduled' : 'idle'}
    >
      <div>
        <h3 className="font-medium">Delete account</h3>
        {deleteAfter ? (
          <p className="text-sm" role="status">
            Your account will be deleted on {formatDeletionDate(deleteAfter)}.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            Deletes your account after {DELETION_GRACE_DAYS} days, with your profile, videos, comments and chat messages.
          </p>
        )}
      </div>
      {deleteAfter ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () => toast.success(DELETION_CANCELLED_MESSAGE),
              onError: (err) => toast.error('Could not cancel the deletion', { description: messageOf(err) }),
            })
          }
        >
          {cancel.isPending ? <Spinner className="size-4 text-current" label="Cancelling" /> : null}
          Cancel deletion
        </Button>
      ) : (
        <Button variant="destructive" className="self-start" disabled={deletion.isPending} onClick={() => setOpen(true)}>
          <Trash2 aria-hidden />
          Delete account
        </Button>
      )}
      <DeleteAccountDialog user={user} hasPassword={hasPassword} open={open} onOpenChange={setOpen} />
    </div>
  );
}

/** "Your data" (docs/product.md): download everything Glint holds about you, or delete the account. */
export function YourDataSection({ user, hasPassword }: { user: SessionUser; hasPassword: boolean }) {
  return (
    <SettingsSection id="your-data" icon={Database} title="Your data" description="Take a copy of your data, or delete your account.">
      <DownloadYourData />
      <DeleteAccount user={user} hasPassword={hasPassword} />
    </SettingsSection>
  );
}
