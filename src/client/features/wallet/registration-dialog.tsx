import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { USERNAME_RULE_MESSAGE } from '../../../shared/auth/auth';
import { PRODUCT_NAME } from '../../../shared/platform/product';
import {
  defaultWalletUsername,
  DISPLAY_NAME_FIELD_MAX_LENGTH,
  RegistrationDisplayNameSchema,
  REGISTRATION_USERNAME_MAX,
  registrationUsernameError,
  type Availability,
} from '../../../shared/wallet/wallet';
import { api, apiPath } from '../../lib/api';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { InputField } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { shortAddress } from './wallet-errors';
import type { PendingRegistration, RegistrationValues } from './wallet-store';

/** docs/product.md §5: the live checks wait for a pause in typing. */
const CHECK_DELAY_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** Is this username or display name free? Asked once typing pauses; undefined until answered. */
function useAvailability(field: 'username' | 'displayName', value: string, enabled: boolean) {
  const settled = useDebounced(value, CHECK_DELAY_MS);
  const query = useQuery({
    queryKey: ['availability', field, settled],
    queryFn: ({ signal }) => api<Availability>(apiPath('/api/availability', { [field]: settled }), { signal }),
    enabled: enabled && settled === value,
    staleTime: 10_000,
  });
  const answer = enabled && settled === value ? query.data?.[field] : undefined;
  return answer && !answer.available ? answer.message : undefined;
}

/** A field error from the server's answer, shown while the field still holds the value it was about. */
type ServerError = { value: string; message: string };

/** docs/product.md §2 Complete Your Registration: after a new wallet connects, choose username and display name. */
export function RegistrationDialog({ registration }: { registration: PendingRegistration }) {
  const [values, setValues] = useState<RegistrationValues>(() => ({ username: defaultWalletUsername(registration.address), displayName: '' }));
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [server, setServer] = useState<Partial<Record<keyof RegistrationValues, ServerError>>>({});
  const displayNameInput = useRef<HTMLInputElement>(null);

  const usernameRule = registrationUsernameError(values.username);
  const usernameTaken = useAvailability('username', values.username, values.username.length >= 3 && !usernameRule);
  const usernameServer = server.username?.value === values.username ? server.username.message : undefined;
  const usernameError = usernameRule ?? usernameServer ?? usernameTaken;

  const displayRule = RegistrationDisplayNameSchema.safeParse(values.displayName);
  const displayRuleError = displayRule.success ? undefined : displayRule.error.issues[0]?.message;
  const displayTaken = useAvailability('displayName', values.displayName.trim(), displayRule.success);
  const displayServer = server.displayName?.value === values.displayName ? server.displayName.message : undefined;
  // 'Display name is required' waits until the field has been used; the empty field already disables submit.
  const displayNameError = (touched || values.displayName !== '' ? displayRuleError : undefined) ?? displayServer ?? displayTaken;

  const blank = values.displayName.trim() === '';
  const disabled = saving || !!usernameError || !!displayNameError || blank;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (disabled) return;
    // Under 3 characters the live check stays quiet (docs/product.md §5); submitting is when it speaks.
    if (values.username.length < 3) {
      setServer({ username: { value: values.username, message: USERNAME_RULE_MESSAGE } });
      return;
    }
    setSaving(true);
    try {
      const outcome = await registration.submit({ username: values.username, displayName: values.displayName.trim() });
      if (outcome.status === 'invalid') {
        setServer({
          ...(outcome.errors.username ? { username: { value: values.username, message: outcome.errors.username } } : {}),
          ...(outcome.errors.displayName ? { displayName: { value: values.displayName, message: outcome.errors.displayName } } : {}),
        });
      }
    } finally {
      setSaving(false);
    }
  };

  const set = (key: keyof RegistrationValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !saving) void registration.cancel();
      }}
    >
      <DialogContent
        className="max-w-[26rem] gap-5"
        onInteractOutside={(e) => e.preventDefault()}
        // The username comes filled in; the display name is what is left to type.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          displayNameInput.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Complete Your Registration</DialogTitle>
          <DialogDescription>
            Choose how you appear on {PRODUCT_NAME}. Your wallet <span className="font-mono">{shortAddress(registration.address)}</span> signs once more to
            create the account.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate aria-label="Complete your registration">
          <InputField
            id="wallet-username"
            label="Username"
            error={usernameError}
            autoComplete="username"
            maxLength={REGISTRATION_USERNAME_MAX}
            value={values.username}
            onChange={set('username')}
          />
          <InputField
            id="wallet-display-name"
            label="Display name"
            error={displayNameError}
            ref={displayNameInput}
            autoComplete="nickname"
            placeholder="How your name appears"
            maxLength={DISPLAY_NAME_FIELD_MAX_LENGTH}
            value={values.displayName}
            onChange={(e) => {
              setTouched(true);
              set('displayName')(e);
            }}
            onBlur={() => setTouched(true)}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={saving} onClick={() => void registration.cancel()}>
              Cancel
            </Button>
            <Button type="submit" variant="brand" disabled={disabled}>
              {saving ? <Spinner className="size-4 text-current" label="Creating your account" /> : null}
              Complete Registration
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
