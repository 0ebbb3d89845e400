import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { changePassword, messageOf } from '../auth/auth-api';
import { NewPasswordFields, newPasswordErrors } from '../auth/new-password-fields';
import { PasswordField } from '../auth/password-input';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { settingsKeys } from './queries';
import { SettingsSection } from './settings-section';

type Errors = { current?: string | undefined; next?: string | undefined; confirm?: string | undefined; server?: string | undefined };

/** Change password (accounts that have one); every other device is signed out. */
export function PasswordSection() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [running, setRunning] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fresh = newPasswordErrors(values.next, values.confirm);
    const next: Errors = { current: values.current ? undefined : 'Enter your current password', next: fresh.password, confirm: fresh.confirm };
    setErrors(next);
    if (next.current || next.next || next.confirm) return;
    setRunning(true);
    try {
      await changePassword(values.current, values.next);
      setValues({ current: '', next: '', confirm: '' });
      toast.success('Password changed', { description: 'Your other devices have been signed out.' });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });
    } catch (err) {
      setErrors({ server: messageOf(err) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <SettingsSection id="password" icon={KeyRound} title="Change password" description="Choose a new password. Other devices are signed out when it changes.">
      <form className="flex max-w-md flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate aria-label="Change password">
        {errors.server ? (
          <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive" role="alert">
            {errors.server}
          </p>
        ) : null}
        <PasswordField
          id="current-password"
          label="Current password"
          error={errors.current}
          autoComplete="current-password"
          value={values.current}
          onValueChange={set('current')}
        />
        <NewPasswordFields
          ids={{ password: 'settings-new-password', confirm: 'settings-confirm-password' }}
          labels={{ password: 'New password', confirm: 'Confirm new password' }}
          password={values.next}
          confirm={values.confirm}
          onPasswordChange={set('next')}
          onConfirmChange={set('confirm')}
          errors={{ password: errors.next, confirm: errors.confirm }}
        />
        <Button type="submit" variant="brand" className="self-start" disabled={running}>
          {running ? <Spinner className="size-4 text-current" label="Saving" /> : null}
          Change Password
        </Button>
      </form>
    </SettingsSection>
  );
}
