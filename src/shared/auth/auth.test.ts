import { ACCOUNT_BANNED } from '../moderation/moderation.js';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_EXISTS,
  EmailOrUsernameSchema,
  EmailSchema,
  LEAKED_PASSWORD,
  loginErrorMessage,
  PASSWORD_CHECKLIST,
  PasswordSchema,
  passwordStrength,
  signupErrorMessage,
  SignupUsernameSchema,
  TOO_MANY_LOGINS,
  totpSecret,
  TwoFactorCodeSchema,
  twoFactorFailure,
} from './auth.js';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error!.issues[0]!.message);

describe('password rules (docs/product.md §5)', () => {
  it('accepts 8 and 100 characters and refuses 7 and 101', () => {
    expect(PasswordSchema.safeParse('Aa1!aaaa').success).toBe(true);
    expect(PasswordSchema.safeParse(`Aa1!${'a'.repeat(96)}`).success).toBe(true);
    expect(firstError(PasswordSchema.safeParse('Aa1!aaa'))).toBe('Password must be at least 8 characters');
    expect(firstError(PasswordSchema.safeParse(`Aa1!${'a'.repeat(97)}`))).toBe('Password must be less than 100 characters');
  });

  it('names each missing kind of character', () => {
    expect(firstError(PasswordSchema.safeParse('aa1!aaaa'))).toBe('Password must contain at least one uppercase letter');
    expect(firstError(PasswordSchema.safeParse('AA1!AAAA'))).toBe('Password must contain at least one lowercase letter');
    expect(firstError(PasswordSchema.safeParse('Aa!!aaaa'))).toBe('Password must contain at least one number');
    expect(firstError(PasswordSchema.safeParse('Aa11aaaa'))).toBe('Password must contain at least one special character');
  });
});

describe('password strength (docs/product.md §5)', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abcdefgh', 1, 'Weak'],
    ['abcdefgh1', 2, 'Weak'],
    ['Abcdefgh1', 3, 'Fair'],
    ['Abcdefgh1!', 4, 'Good'],
    ['Abcdefgh1!xy', 5, 'Strong'],
    ['abcdefghijkl', 2, 'Weak'],
  ])('%s scores %i (%s)', (pw, score, label) => {
    expect(passwordStrength(pw)).toEqual({ score, label });
  });

  it('has the checklist of docs/product.md in order', () => {
    expect(PASSWORD_CHECKLIST.map((c) => c.label)).toEqual(['At least 8 characters', 'Upper and lowercase letters', 'A number', 'A special character']);
    expect(PASSWORD_CHECKLIST.map((c) => c.met('Ab1!'))).toEqual([false, true, true, true]);
  });
});

describe('identifiers', () => {
  it('checks email and login identifier lengths at 255', () => {
    expect(firstError(EmailSchema.safeParse('not-an-email'))).toBe('Invalid email address');
    expect(EmailSchema.safeParse(`${'a'.repeat(243)}@example.com`).success).toBe(true);
    expect(EmailSchema.safeParse(`${'a'.repeat(244)}@example.com`).success).toBe(false);
    expect(firstError(EmailOrUsernameSchema.safeParse(''))).toBe('Email or username is required');
    expect(EmailOrUsernameSchema.safeParse('a'.repeat(255)).success).toBe(true);
    expect(EmailOrUsernameSchema.safeParse('a'.repeat(256)).success).toBe(false);
  });

  it('requires a non-blank signup username of 3-20 letters, digits or underscores', () => {
    expect(firstError(SignupUsernameSchema.safeParse('   '))).toBe('Username is required');
    expect(SignupUsernameSchema.safeParse('  abc ').data).toBe('abc');
    expect(SignupUsernameSchema.safeParse('a'.repeat(20)).success).toBe(true);
    expect(SignupUsernameSchema.safeParse('a'.repeat(21)).success).toBe(false);
    expect(SignupUsernameSchema.safeParse('ab').success).toBe(false);
    expect(SignupUsernameSchema.safeParse('a-b-c').success).toBe(false);
  });

  it('takes exactly six digits as a two-factor code', () => {
    expect(TwoFactorCodeSchema.safeParse('123456').success).toBe(true);
    expect(TwoFactorCodeSchema.safeParse('12345').success).toBe(false);
    expect(TwoFactorCodeSchema.safeParse('1234567').success).toBe(false);
    expect(TwoFactorCodeSchema.safeParse('12345a').success).toBe(false);
  });
});

describe('error texts (docs/product.md §8)', () => {
  it('maps login failures', () => {
    expect(loginErrorMessage('Email rate limit exceeded')).toBe(TOO_MANY_LOGINS);
    expect(loginErrorMessage('Invalid login credentials')).toBe('Invalid credentials. Please check your email/username and password.');
    expect(loginErrorMessage('Invalid email or password')).toBe('Invalid credentials. Please check your email/username and password.');
    expect(loginErrorMessage('Username not found')).toBe('Username not found');
    expect(loginErrorMessage('boom')).toBe('Invalid email, username, or password');
    expect(loginErrorMessage(ACCOUNT_BANNED)).toBe(ACCOUNT_BANNED);
  });

  it('maps signup failures', () => {
    expect(signupErrorMessage('Password is known to be compromised')).toBe(LEAKED_PASSWORD);
    expect(signupErrorMessage('User already registered')).toBe(EMAIL_EXISTS);
    expect(signupErrorMessage('Username is already taken')).toBe('Username is already taken');
    expect(signupErrorMessage('weird')).toBe('Could not create account');
  });
});

describe('two-factor failures (docs/product.md §8)', () => {
  it('warns while fewer than five attempts remain, and only then', () => {
    expect(twoFactorFailure('Invalid code', 5)).toEqual({ title: 'Verification Failed', description: 'Invalid code' });
    expect(twoFactorFailure('Invalid code', 4)).toEqual({
      title: 'Verification Failed',
      description: '4 attempts remaining before account lockout',
      warning: '4 attempts remaining before account lockout',
    });
    expect(twoFactorFailure('Invalid code', 1).warning).toBe('1 attempts remaining before account lockout');
    expect(twoFactorFailure('Invalid code', undefined).warning).toBeUndefined();
  });

  it('titles a lock or too many tries as a temporary lock', () => {
    const locked = 'Too many failed attempts. Your account is locked for 15 minutes.';
    expect(twoFactorFailure(locked, 0)).toEqual({ title: 'Account Temporarily Locked', description: locked });
    expect(twoFactorFailure('Too many failed verification attempts. Your account is temporarily locked.', undefined).title).toBe('Account Temporarily Locked');
  });

  it('says when there is no factor', () => {
    expect(twoFactorFailure('TOTP not enabled', undefined).title).toBe('2FA not set up');
  });

  it('reads the secret of an authenticator URI', () => {
    expect(totpSecret('otpauth://totp/Glint:a%40b.c?secret=JBSWY3DPEHPK3PXP&issuer=Glint&digits=6')).toBe('JBSWY3DPEHPK3PXP');
    expect(totpSecret('not a uri')).toBeUndefined();
  });
});
