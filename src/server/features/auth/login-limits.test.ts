import { describe, expect, it } from 'vitest';
import { LOGIN_LIMIT } from '../../../shared/auth/auth.js';
import { loginDelayMs } from './login-limits.js';

describe('the delay before a sign-in to a much-guessed account', () => {
  it('is nothing up to the per-account limit, then doubles from 250 ms up to 8 s', () => {
    expect(loginDelayMs(0)).toBe(0);
    expect(loginDelayMs(LOGIN_LIMIT.perAccount - 1)).toBe(0);
    expect(loginDelayMs(LOGIN_LIMIT.perAccount)).toBe(250);
    expect(loginDelayMs(LOGIN_LIMIT.perAccount + 1)).toBe(500);
    expect(loginDelayMs(LOGIN_LIMIT.perAccount + 4)).toBe(4000);
    expect(loginDelayMs(LOGIN_LIMIT.perAccount + 5)).toBe(8000);
    expect(loginDelayMs(1000)).toBe(8000);
  });
});
