import { LockKeyhole, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { AuthCard, BackHomeButton } from './auth-card';
import { useAuthDialog } from './auth-dialog-context';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';
import { useSession } from './session';

/**
 * /update-password: where the reset link leads (`?token=...`), to choose the new password. An
 * expired or used link arrives as `?error=INVALID_TOKEN` and offers a new one.
 */
export default function UpdatePasswordScreen() {
  const { actions } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | undefined; confirm?: string | undefined; server?: string | undefined }>({});
  const [running, setRunning] = useState(false);

  if (!token || params.has('error')) {
    return (
      <AuthCard
        icon={TriangleAlert}
        title="This link has expired"
        description="Password reset links work once and expire after 1 hour. Ask for a new one and use the latest email."
      >
        <div className="flex flex-col gap-3">
          <Button variant="brand" asChild className="w-full">
            <Link to="/reset-password">Send a new link</Link>
          </Button>
          <BackHomeButton />
        </div>
      </AuthCard>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = newPasswordErrors(password, confirm);
    setErrors(next);
    if (next.password || next.confirm) return;
    setRunning(true);
    try {
      const result = await actions.resetPassword(token, password);
      if (!result.ok) return setErrors({ server: result.message });
      void navigate('/app', { replace: true });
      openAuthDialog('login');
    } finally {
      setRunning(false);
    }
  };

  return (
    <AuthCard icon={LockKeyhole} title="Choose a new password" description="Pick a strong password you don’t use anywhere else.">
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        {errors.server ? (
          <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive" role="alert">
            {errors.server}{' '}
            {/invalid|expired/i.test(errors.server) ? (
              <Link to="/reset-password" className="font-medium underline underline-offset-2">
                Send a new link
              </Link>
            ) : null}
          </p>
        ) : null}
        <NewPasswordFields
          ids={{ password: 'new-password', confirm: 'confirm-password' }}
          labels={{ password: 'New password', confirm: 'Confirm password' }}
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          errors={errors}
        />
        <Button type="submit" variant="brand" className="w-full" disabled={running}>
          {running ? <Spinner className="size-4 text-current" label="Saving" /> : null}
          Update Password
        </Button>
      </form>
    </AuthCard>
  );
}
