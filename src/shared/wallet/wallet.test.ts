import { describe, expect, it } from 'vitest';
import {
  buildLinkMessage,
  buildLoginMessage,
  defaultWalletUsername,
  loginMessageHeading,
  messageAge,
  parseLinkMessage,
  parseLoginMessage,
  RegistrationDisplayNameSchema,
  RegistrationUsernameSchema,
  registrationUsernameError,
} from './wallet.js';

const uuid = '0b7c2a9e-3f4d-4e1a-9b2c-8d7e6f5a4b3c';
const ts = 1795300000000;
const host = 'glint.example';
const HEADING = loginMessageHeading(host);

describe('wallet messages (docs/product.md §5)', () => {
  it('builds the sign-in message as heading, timestamp and uuid lines, and reads it back', () => {
    const m = buildLoginMessage(host, ts, uuid);
    expect(m.split('\n')).toEqual(['Sign in to Glint at glint.example with your wallet', String(ts), uuid]);
    expect(parseLoginMessage(m, host)).toEqual({ timestamp: ts, uuid });
  });

  it('refuses a sign-in message made for another site', () => {
    expect(parseLoginMessage(buildLoginMessage('glint.example.evil.test', ts, uuid), host)).toBeUndefined();
    expect(parseLoginMessage(buildLoginMessage('localhost:3000', ts, uuid), host)).toBeUndefined();
  });

  it('builds the link message of docs/product.md, naming the site and the account, and reads it back', () => {
    const m = buildLinkMessage(host, 'acct1', ts, uuid);
    expect(m.split('\n')).toEqual([`Sign this message to verify your wallet: ${ts}:${uuid}`, 'Site: glint.example', 'Account: acct1']);
    expect(parseLinkMessage(m, host, 'acct1')).toEqual({ timestamp: ts, uuid });
  });

  it('refuses a link message made for another site or another account', () => {
    expect(parseLinkMessage(buildLinkMessage('glint.example.evil.test', 'acct1', ts, uuid), host, 'acct1')).toBeUndefined();
    expect(parseLinkMessage(buildLinkMessage(host, 'attacker', ts, uuid), host, 'acct1')).toBeUndefined();
  });

  const tail = `\nSite: ${host}\nAccount: acct1`;
  it.each([
    `Sign this message to verify your wallet: ${ts}${tail}`,
    `Sign this message to verify your wallet: abc:${uuid}${tail}`,
    `Sign this message to verify your wallet: ${ts}:not-a-uuid${tail}`,
    `sign this message to verify your wallet: ${ts}:${uuid}${tail}`,
    `Sign this message to verify your wallet: ${ts}:${uuid}`,
    `Sign this message to verify your wallet: ${ts}:${uuid}${tail}\nextra`,
  ])('refuses the malformed link message %j', (m) => expect(parseLinkMessage(m, host, 'acct1')).toBeUndefined());

  it('refuses malformed sign-in messages', () => {
    expect(parseLoginMessage(`Hello\n${ts}\n${uuid}`, host)).toBeUndefined();
    expect(parseLoginMessage(`${HEADING}\n${ts}`, host)).toBeUndefined();
    expect(parseLoginMessage(`${HEADING}\n${ts / 1000}\n${uuid}`, host)).toBeUndefined();
  });

  it('accepts messages up to 5 minutes old and refuses older or future ones', () => {
    expect(messageAge(ts, ts)).toBe('fresh');
    expect(messageAge(ts, ts + 5 * 60_000)).toBe('fresh');
    expect(messageAge(ts, ts + 5 * 60_000 + 1)).toBe('stale');
    expect(messageAge(ts + 10_000, ts)).toBe('fresh');
    expect(messageAge(ts + 10_001, ts)).toBe('future');
  });
});

describe('registration rules (docs/product.md §5)', () => {
  it('takes 3 to 20 letters, digits or underscores as username', () => {
    expect(RegistrationUsernameSchema.safeParse('abc').success).toBe(true);
    expect(RegistrationUsernameSchema.safeParse('a'.repeat(20)).success).toBe(true);
    expect(RegistrationUsernameSchema.safeParse('ab').success).toBe(false);
    expect(RegistrationUsernameSchema.safeParse('a'.repeat(21)).success).toBe(false);
    expect(RegistrationUsernameSchema.safeParse('a.b.c').error?.issues[0]?.message).toBe(
      'Username must be 3-20 characters and contain only letters, numbers, and underscores',
    );
  });

  it('skips the live username check under 3 characters', () => {
    expect(registrationUsernameError('a!')).toBeUndefined();
    expect(registrationUsernameError('ab!')).toBe('Username must be 3-20 characters and contain only letters, numbers, and underscores');
  });

  it('needs a display name under 50 characters', () => {
    expect(RegistrationDisplayNameSchema.safeParse('   ').error?.issues[0]?.message).toBe('Display name is required');
    expect(RegistrationDisplayNameSchema.safeParse('a'.repeat(49)).success).toBe(true);
    expect(RegistrationDisplayNameSchema.safeParse('a'.repeat(50)).error?.issues[0]?.message).toBe('Display name must be less than 50 characters');
  });

  it('offers the first 4 characters of the address and _glint as username', () => {
    expect(defaultWalletUsername('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBe('7xKX_glint');
  });
});
