import { LockKeyhole } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PasswordSchema } from '../../shared/auth';
import { Button } from '../ui/button';
import { errorProps, FormField } from '../ui/form-field';
import { Spinner } from '../ui/spinner';
import { AuthCard } from './auth-card';
import { PasswordInput } from './password-input';
import { PasswordStrength } from './password-strength';
import { useSession } from './session';

/** /update-password: where the reset link leads; choose the new password. */
export default function UpdatePasswordScreen() {
  const { actions } = useSession();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [running, setRunning] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = PasswordSchema.safeParse(password);
    const next = {
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      confirm: confirm === password ? undefined : 'Passwords do not match',
    };
    setErrors(next);
    if (next.password || next.confirm || !actions.updatePassword) return;
    setRunning(true);
    try {
      await actions.updatePassword(password);
    } finally {
      setRunning(false);
    }
  };

  return (
    <AuthCard icon={LockKeyhole} title="Choose a new password" description="Pick a strong password you don’t use anywhere else.">
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <FormField id="new-password" label="New password" error={errors.password}>
          <PasswordInput
            id="new-password"
            autoComplete="new-password"
            maxLength={100}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...errorProps('new-password', errors.password)}
          />
        </FormField>
        <PasswordStrength password={password} />
        <FormField id="confirm-password" label="Confirm password" error={errors.confirm}>
          <PasswordInput
            id="confirm-password"
            autoComplete="new-password"
            maxLength={100}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            {...errorProps('confirm-password', errors.confirm)}
          />
        </FormField>
        <Button type="submit" variant="brand" className="w-full" disabled={running}>
          {running ? <Spinner className="size-4 text-current" label="Saving" /> : null}
          Update Password
        </Button>
      </form>
    </AuthCard>
  );
}
