import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PasswordSchema } from '../../../shared/auth/auth';
import { changePassword, messageOf } from '../auth/auth-api';
import { PasswordInput } from '../auth/password-input';
import { PasswordStrength } from '../auth/password-strength';
import { Button } from '../../ui/button';
import { errorProps, FormField } from '../../ui/form-field';
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
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = PasswordSchema.safeParse(values.next);
    const next: Errors = {
      current: values.current ? undefined : 'Enter your current password',
      next: parsed.success ? undefined : parsed.error.issues[0]?.message,
      confirm: values.confirm === values.next ? undefined : 'Passwords do not match',
    };
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
        <FormField id="current-password" label="Current password" error={errors.current}>
          <PasswordInput
            id="current-password"
            autoComplete="current-password"
            value={values.current}
            onChange={set('current')}
            {...errorProps('current-password', errors.current)}
          />
        </FormField>
        <FormField id="settings-new-password" label="New password" error={errors.next}>
          <PasswordInput
            id="settings-new-password"
            autoComplete="new-password"
            value={values.next}
            onChange={set('next')}
            {...errorProps('settings-new-password', errors.next)}
          />
        </FormField>
        <PasswordStrength password={values.next} />
        <FormField id="settings-confirm-password" label="Confirm new password" error={errors.confirm}>
          <PasswordInput
            id="settings-confirm-password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={set('confirm')}
            {...errorProps('settings-confirm-password', errors.confirm)}
          />
        </FormField>
        <Button type="submit" variant="brand" className="self-start" disabled={running}>
          {running ? <Spinner className="size-4 text-current" label="Saving" /> : null}
          Change Password
        </Button>
      </form>
    </SettingsSection>
  );
}
