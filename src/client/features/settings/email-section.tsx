import { useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { EmailSchema } from '../../../shared/auth/auth';
import { addEmail, messageOf } from '../auth/auth-api';
import { refreshAfterAccountChange, type SessionUser } from '../auth/session';
import { useResendVerification } from '../auth/use-resend-verification';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { InputField } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { SettingsSection } from './settings-section';

/**
 * The account's email: its address and whether it is confirmed, with the link sent again on
 * request; a wallet account without one adds it here, confirmed by link (docs/product.md §1).
 */
export function EmailSection({ user }: { user: SessionUser }) {
  return user.email ? <CurrentEmail user={user} email={user.email} /> : <AddEmail />;
}

function CurrentEmail({ user, email }: { user: SessionUser; email: string }) {
  const { sending, resend } = useResendVerification(email);
  return (
    <SettingsSection
      id="email"
      icon={Mail}
      title="Email"
      description={
        user.emailVerified
          ? 'Where we send sign-in and security emails.'
          : 'Open the link we sent to confirm this address. Until then, creating content is paused.'
      }
      badge={user.emailVerified ? <Badge variant="success">Verified</Badge> : <Badge variant="amber">Not verified</Badge>}
    >
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/30 px-4 py-3">
        <span className="font-medium break-all" data-testid="account-email">
          {email}
        </span>
        {user.emailVerified ? null : (
          <Button size="sm" variant="outline" disabled={sending} onClick={() => void resend()}>
            {sending ? <Spinner className="size-4 text-current" label="Sending" /> : null}
            Resend email
          </Button>
        )}
      </div>
    </SettingsSection>
  );
}

function AddEmail() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [running, setRunning] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = EmailSchema.safeParse(email.trim());
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setRunning(true);
    try {
      await addEmail(parsed.data);
      toast.success('Confirmation email sent', { description: `Open the link we sent to ${parsed.data} to confirm your email.` });
      await refreshAfterAccountChange(queryClient);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setRunning(false);
    }
  };

  return (
    <SettingsSection
      id="email"
      icon={Mail}
      title="Email"
      description="Your wallet account has no email yet. Add one to get security emails and to recover your account. We'll send a link to confirm it; until you open it, creating content is paused."
    >
      <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(e) => void submit(e)} noValidate aria-label="Add email">
        <div className="flex-1">
          <InputField
            id="add-email"
            label="Email address"
            error={error}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            maxLength={255}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <Button type="submit" variant="brand" disabled={running} className={error ? 'sm:mb-6' : undefined}>
          {running ? <Spinner className="size-4 text-current" label="Adding" /> : null}
          Add email
        </Button>
      </form>
    </SettingsSection>
  );
}
