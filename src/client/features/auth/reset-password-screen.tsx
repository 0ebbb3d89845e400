import { KeyRound, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { EMAIL_MAX, EmailSchema } from '../../../shared/auth/auth';
import { Button } from '../../ui/button';
import { InputField } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { AuthCard, BackHomeButton } from './auth-card';
import { useSession } from './session';

/** /reset-password: ask for a link to choose a new password. */
export default function ResetPasswordScreen() {
  const { actions } = useSession();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [running, setRunning] = useState(false);
  const [sentTo, setSentTo] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = EmailSchema.safeParse(email.trim());
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setRunning(true);
    try {
      if (await actions.requestPasswordReset(parsed.data)) setSentTo(parsed.data);
    } finally {
      setRunning(false);
    }
  };

  if (sentTo) {
    // The same words whether or not the address has an account: the answer reveals nothing.
    return (
      <AuthCard icon={MailCheck} title="Check your email" description="If an account exists for that email, we've sent a link to reset your password.">
        <div className="flex flex-col gap-4 text-center text-sm text-muted-foreground" role="status">
          <p>
            Look for it at <span className="font-medium text-foreground">{sentTo}</span>. The link works once and expires in 1 hour. Nothing after a few
            minutes? Check your spam folder or try again.
          </p>
          <Button variant="outline" className="w-full" onClick={() => setSentTo(undefined)}>
            Use a different email
          </Button>
          <BackHomeButton />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={KeyRound} title="Reset your password" description="Enter the email of your account and we’ll send you a link to choose a new password.">
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <InputField
          id="reset-email"
          label="Email"
          error={error}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          maxLength={EMAIL_MAX}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="brand" className="w-full" disabled={running}>
          {running ? <Spinner className="size-4 text-current" label="Sending" /> : null}
          Send Reset Link
        </Button>
        <BackHomeButton />
      </form>
    </AuthCard>
  );
}
