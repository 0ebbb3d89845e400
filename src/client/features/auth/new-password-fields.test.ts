import { describe, expect, it } from 'vitest';
import { newPasswordErrors } from './new-password-fields';

describe('a new password', () => {
  it('passes when it meets the account rule and is typed the same twice', () => {
    expect(newPasswordErrors('Sturdy-Passw0rd', 'Sturdy-Passw0rd')).toEqual({ password: undefined, confirm: undefined });
  });

  it('says what the rule wants first, and that the two differ', () => {
    expect(newPasswordErrors('short', 'shorter')).toEqual({ password: 'Password must be at least 8 characters', confirm: 'Passwords do not match' });
  });
});
