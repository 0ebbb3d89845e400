import { PasswordSchema } from '../../../shared/auth/auth';
import { PasswordField } from './password-input';
import { PasswordStrength } from './password-strength';

export interface NewPasswordErrors {
  password?: string | undefined;
  confirm?: string | undefined;
}

/** A new password must pass the account's rule and be typed the same twice. */
export function newPasswordErrors(password: string, confirm: string): NewPasswordErrors {
  const parsed = PasswordSchema.safeParse(password);
  return {
    password: parsed.success ? undefined : parsed.error.issues[0]?.message,
    confirm: confirm === password ? undefined : 'Passwords do not match',
  };
}

/** The new password, its strength, and the same again. */
export function NewPasswordFields({
  ids,
  labels,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  errors,
}: {
  ids: { password: string; confirm: string };
  labels: { password: string; confirm: string };
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  errors: NewPasswordErrors;
}) {
  return (
    <>
      <PasswordField
        id={ids.password}
        label={labels.password}
        error={errors.password}
        autoComplete="new-password"
        value={password}
        onValueChange={onPasswordChange}
      />
      <PasswordStrength password={password} />
      <PasswordField
        id={ids.confirm}
        label={labels.confirm}
        error={errors.confirm}
        autoComplete="new-password"
        value={confirm}
        onValueChange={onConfirmChange}
      />
    </>
  );
}
