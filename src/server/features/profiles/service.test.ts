import { describe, expect, it } from 'vitest';
import { profileNameCandidates } from './service.js';

describe('profile of a new account (docs/product.md §4)', () => {
  it('takes the username from the account, else the email, else user_ and the id', () => {
    expect(profileNameCandidates({ id: 'abcdefghijk', username: 'satoshi', email: 's@x.io' }).username).toBe('satoshi');
    expect(profileNameCandidates({ id: 'abcdefghijk', email: 'ada.lovelace@x.io' }).username).toBe('adalovelace');
    expect(profileNameCandidates({ id: 'abcdefghijk' }).username).toBe('user_abcdefgh');
    expect(profileNameCandidates({ id: 'abcdefghijk', email: '.@x.io' }).username).toBe('user_abcdefgh');
  });

  it('takes the display name given, else the name, else User', () => {
    expect(profileNameCandidates({ id: 'a', displayUsername: 'Sats', name: 'Satoshi N' }).displayName).toBe('Sats');
    expect(profileNameCandidates({ id: 'a', name: 'Satoshi N' }).displayName).toBe('Satoshi N');
    expect(profileNameCandidates({ id: 'a', name: '  ' }).displayName).toBe('User');
  });
});
