import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { totpSecret } from '../../../shared/auth/auth';
import { disableTwoFactor, enableTwoFactor, messageOf, verifyTotp } from '../auth/auth-api';
import { CODE_LENGTH, CodeInput } from '../auth/code-input';
import { PasswordInput } from '../auth/password-input';
import { changeSession, refreshAfterAccountChange, type SessionUser } from '../auth/session';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { SettingsSection } from './settings-section';

/** Enrolment as the flow it is: off -> scanning (QR, secret, backup codes, confirm) -> on. */
type Enrolment = { step: 'idle' } | { step: 'scanning'; totpURI: string; secret: string; backupCodes: string[] };

/** Copies text and says so for two seconds (docs/product.md §9 copy confirmation). */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(id);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.error('Could not copy', { description: 'Select the text and copy it by hand.' });
    }
  };
  return (
    <Button type="button" size="sm" variant="outline" onClick={() => void copy()} aria-label={copied ? 'Copied' : label}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/** The authenticator URI as a QR code; the encoder loads only here, on demand. */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(uri, { margin: 1, width: 208, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="flex size-[13rem] shrink-0 items-center justify-center rounded-lg border bg-white p-1">
      {src ? <img src={src} width={208} height={208} alt="QR code for your authenticator app" /> : <Spinner label="Making the QR code" />}
    </div>
  );
}

/**
 * Two-factor authentication: an authenticator app (TOTP) asked for after the password. Accounts
 * without a password (wallet, Google) turn it on and off without one.
 */
export function TwoFactorSection({ user, hasPassword }: { user: SessionUser; hasPassword: boolean }) {
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<Enrolment>({ step: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [running, setRunning] = useState(false);

  const busy = async (work: () => Promise<void>) => {
    setRunning(true);
    setError(undefined);
    try {
      await work();
    } finally {
      setRunning(false);
    }
  };

  const start = (e: FormEvent) => {
    e.preventDefault();
    if (hasPassword && !password) return setError('Enter your password');
    void busy(async () => {
      try {
        const { totpURI, backupCodes } = await enableTwoFactor(hasPassword ? password : undefined);
        setPassword('');
        setEnrolment({ step: 'scanning', totpURI, backupCodes, secret: totpSecret(totpURI) ?? '' });
      } catch (err) {
        setError(messageOf(err));
      }
    });
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== CODE_LENGTH) return;
    void busy(async () => {
      try {
        // Turning it on hands out a new session: the old cookie's requests would be refused.
        await changeSession(queryClient, () => verifyTotp(code));
      } catch (err) {
        setCode('');
        toast.error('Verification Failed', { description: messageOf(err) });
        return;
      }
      toast.success('Two-factor authentication is on', { description: 'Next time you log in, we will ask for a code from your app.' });
      setEnrolment({ step: 'idle' });
      setCode('');
      await refreshAfterAccountChange(queryClient);
    });
  };

  const turnOff = (e: FormEvent) => {
    e.preventDefault();
    if (hasPassword && !password) return setError('Enter your password');
    void busy(async () => {
      try {
        await changeSession(queryClient, () => disableTwoFactor(hasPassword ? password : undefined));
      } catch (err) {
        setError(messageOf(err));
        return;
      }
      setPassword('');
      toast.success('Two-factor authentication is off');
      await refreshAfterAccountChange(queryClient);
    });
  };

  const passwordField = hasPassword ? (
    <FormField id="two-factor-password" label="Password" error={error}>
      <PasswordInput id="two-factor-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
    </FormField>
  ) : error ? (
    <p className="text-sm font-medium text-destructive" role="alert">
      {error}
    </p>
  ) : null;

  return (
    <SettingsSection
      id="two-factor"
      icon={ShieldCheck}
      title="Two-factor authentication"
      description="After your password, ask for a 6-digit code from an authenticator app such as Google Authenticator, 1Password or Authy."
      badge={user.twoFactorEnabled ? <Badge variant="success">On</Badge> : <Badge variant="secondary">Off</Badge>}
    >
      {user.twoFactorEnabled ? (
        <form className="flex max-w-md flex-col gap-4" onSubmit={turnOff} noValidate aria-label="Turn off two-factor authentication">
          {passwordField}
          <Button type="submit" variant="outline" className="self-start" disabled={running}>
            {running ? <Spinner className="size-4 text-current" label="Turning off" /> : null}
            Turn off two-factor
          </Button>
        </form>
      ) : enrolment.step === 'idle' ? (
        <form className="flex max-w-md flex-col gap-4" onSubmit={start} noValidate aria-label="Turn on two-factor authentication">
          {passwordField}
          <Button type="submit" variant="brand" className="self-start" disabled={running}>
            {running ? <Spinner className="size-4 text-current" label="Starting" /> : null}
            Enable two-factor
          </Button>
        </form>
      ) : (
        <div className="flex flex-col gap-6">
          <ol className="flex flex-col gap-6">
            <li className="flex flex-col gap-4 sm:flex-row">
              <QrCode uri={enrolment.totpURI} />
              <div className="flex min-w-0 flex-col gap-2 text-sm">
                <p className="font-medium">1. Scan this QR code with your authenticator app.</p>
                <p className="text-muted-foreground">Can’t scan it? Enter this secret key instead:</p>
                <div className="flex flex-wrap items-center gap-2">
                  <code className="rounded-md border bg-muted/40 px-2.5 py-1.5 font-mono text-sm break-all" data-testid="totp-secret" aria-label="Secret key">
                    {enrolment.secret}
                  </code>
                  <CopyButton text={enrolment.secret} label="Copy secret key" />
                </div>
              </div>
            </li>
            <li className="flex flex-col gap-2 text-sm">
              <p className="font-medium">2. Save your backup codes.</p>
              <p className="text-muted-foreground">Each works once if you lose your phone. Keep them somewhere safe; they are not shown again.</p>
              <ul className="grid max-w-md grid-cols-2 gap-1.5 rounded-lg border bg-muted/30 p-3 font-mono text-sm" aria-label="Backup codes">
                {enrolment.backupCodes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
              <div>
                <CopyButton text={enrolment.backupCodes.join('\n')} label="Copy backup codes" />
              </div>
            </li>
          </ol>
          <form className="flex max-w-md flex-col gap-3" onSubmit={confirm} noValidate aria-label="Confirm two-factor authentication">
            <FormField id="two-factor-confirm" label="3. Enter the 6-digit code from the app">
              <CodeInput id="two-factor-confirm" value={code} onValueChange={setCode} />
            </FormField>
            <div className="flex gap-2">
              <Button type="submit" variant="brand" disabled={code.length !== CODE_LENGTH || running}>
                {running ? <Spinner className="size-4 text-current" label="Verifying" /> : null}
                Verify and turn on
              </Button>
              <Button type="button" variant="ghost" disabled={running} onClick={() => setEnrolment({ step: 'idle' })}>
                Cancel
              </Button>
            </div>
          </form>
        </div>
      )}
    </SettingsSection>
  );
}
