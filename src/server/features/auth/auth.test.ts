import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_NAME_TAKEN, EMAIL_EXISTS, LEAKED_PASSWORD, TOO_MANY_LOGINS, USERNAME_RULE_MESSAGE, USERNAME_TAKEN } from '../../../shared/auth/auth.js';
import { profiles, user as authUser, userRoles } from '../../platform/db/schema/index.js';
import { loginDelayMs } from './login-limits.js';
import { Client, createTestApp, type TestApp } from '../../test-support/app.js';

const PW = 'Str0ng!Passw0rd';
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A unique new account, signed in on its own client. */
async function signUp(over: Partial<{ email: string; username: string; name: string; password: string }> = {}, ip?: string) {
  n++;
  const c = new Client(t.app, ip);
  const body = { email: `user${n}@example.com`, username: `user_${n}`, name: '', password: PW, ...over };
  const res = await c.post('/api/auth/sign-up/email', body);
  return { c, res, ...body };
}

async function lastMailTo(to: string) {
  const mail = (await t.app.mailer.list()).find((m) => m.to === to);
  expect(mail, `mail to ${to}`).toBeDefined();
  return mail!;
}

const linkIn = (text: string) => {
  const url = new URL(/https?:\/\/\S+/.exec(text)![0]);
  return url.pathname + url.search;
};

async function verify(c: Client, email: string) {
  const res = await c.get(linkIn((await lastMailTo(email)).text));
  expect(res.statusCode).toBe(302);
  return res;
}

describe('sign up', () => {
  it('creates an unverified account with a profile whose display name defaults to the username', async () => {
    const { c, res, username } = await signUp({ username: 'Satoshi_N' });
    expect(res.statusCode).toBe(200);
    const me = (await c.get('/api/me')).json();
    expect(me.user.emailVerified).toBe(false);
    expect(me.profile).toMatchObject({ username: 'satoshi_n', displayName: username, verificationType: 'none' });
    expect(me.roles).toEqual([]);
  });

  it('keeps the display name given', async () => {
    const { c } = await signUp({ name: 'Vitalik B' });
    expect((await c.get('/api/me')).json().profile.displayName).toBe('Vitalik B');
  });

  it('verifies the email through the link mailed to the outbox', async () => {
    const { c, email } = await signUp();
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Confirm your email for Glint');
    const res = await verify(c, email);
    expect(res.headers.location).toMatch(/\/app$/);
    expect((await c.get('/api/me')).json().user.emailVerified).toBe(true);
  });

  it.each([
    ['Sh0rt!A', 'Password must be at least 8 characters'],
    [`${'Aa1!'.repeat(25)}x`, 'Password must be less than 100 characters'],
    ['lowercase1!', 'Password must contain at least one uppercase letter'],
    ['UPPERCASE1!', 'Password must contain at least one lowercase letter'],
    ['NoNumbers!!', 'Password must contain at least one number'],
    ['NoSpecial11', 'Password must contain at least one special character'],
  ])('refuses the password %s with docs/product.md’s message', async (password, message) => {
    const { res } = await signUp({ password });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a blank username, a malformed one and a taken one whatever its case', async () => {
    expect((await signUp({ username: '   ' })).res.json().message).toBe('Username is required');
    expect((await signUp({ username: 'no spaces' })).res.json().message).toBe(
      'Username must be 3-20 characters and contain only letters, numbers, and underscores',
    );
    await signUp({ username: 'TakenName' });
    const again = await signUp({ username: 'takenNAME' });
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json()).toEqual({ code: 'username_taken', message: 'Username is already taken' });
  });

  it('refuses a password found in a data breach', async () => {
    const { res } = await signUp({ password: 'P@ssw0rd' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LEAKED_PASSWORD);
  });

  it('refuses an email that already has an account', async () => {
    const first = await signUp();
    const { res } = await signUp({ email: first.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'email_exists', message: EMAIL_EXISTS });
  });

  it('takes a display name under 50 characters, like every other form that sets one', async () => {
    const long = await signUp({ name: 'x'.repeat(50) });
    expect(long.res.statusCode).toBe(400);
    expect(long.res.json().message).toBe('Display name must be less than 50 characters');
    const { c } = await signUp({ name: 'y'.repeat(49) });
    expect((await c.get('/api/me')).json().profile.displayName).toBe('y'.repeat(49));
  });
});

describe('names are unique and ruled on every path', () => {
  it('refuses a display name another account has at sign-up', async () => {
    const first = await signUp({ name: 'Unique Star' });
    expect(first.res.statusCode).toBe(200);
    const second = await signUp({ name: 'unique star' });
    expect(second.res.statusCode).toBe(409);
    expect(second.res.json().message).toBe(DISPLAY_NAME_TAKEN);
  });

  it('keeps update-user to the username and display-name rules, in step with the profile, and never takes an image', async () => {
    const other = await signUp();
    const { c } = await signUp();
    const bad = await c.post('/api/auth/update-user', { username: 'x!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(USERNAME_RULE_MESSAGE);
    expect((await c.post('/api/auth/update-user', { username: other.username })).json().message).toBe(USERNAME_TAKEN);
    expect((await c.post('/api/auth/update-user', { name: other.username })).json().message).toBe(DISPLAY_NAME_TAKEN);
    const ok = await c.post('/api/auth/update-user', { username: 'Renamed_One', name: 'Renamed One', image: '/media/profiles/..' });
    expect(ok.statusCode).toBe(200);
    const me = (await c.get('/api/me')).json();
    expect(me.profile).toMatchObject({ username: 'Renamed_One', displayName: 'Renamed One', avatarUrl: null });
    const [row] = await t.database.db.select().from(authUser).where(eq(authUser.id, me.user.id));
    expect(row).toMatchObject({ username: 'renamed_one', image: null });
  });
});

describe('an account whose profile was lost halfway', () => {
  it('gets its profile back on its next visit', async () => {
    const { c, username } = await signUp();
    const id = (await c.get('/api/me')).json().user.id as string;
    await t.database.db.delete(profiles).where(eq(profiles.id, id));
    const me = (await c.get('/api/me')).json();
    expect(me.profile).toMatchObject({ username });
  });
});

describe('log in', () => {
  it('works by email and by username in any case, and signs out', async () => {
    const { username, email } = await signUp();
    const byEmail = new Client(t.app);
    expect((await byEmail.post('/api/auth/sign-in/email', { email, password: PW })).statusCode).toBe(200);
    expect((await byEmail.get('/api/me')).json().user.email).toBe(email);
    await byEmail.post('/api/auth/sign-out', {});
    expect((await byEmail.get('/api/me')).json()).toEqual({ user: null });

    const byName = new Client(t.app);
    expect((await byName.post('/api/auth/sign-in/username', { username: username.toUpperCase(), password: PW })).statusCode).toBe(200);
    expect((await byName.get('/api/me')).json().user.email).toBe(email);
  });

  it('tells a wrong password from an unknown username, and never reveals an email', async () => {
    const { username } = await signUp();
    const c = new Client(t.app, '10.0.0.2');
    const wrong = await c.post('/api/auth/sign-in/username', { username, password: 'Wr0ng!Passw0rd' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/invalid/i);
    // Better Auth's own refusals come in the API's one shape too: a snake_case code.
    expect(wrong.json().code).toMatch(/^[a-z0-9_]+$/);
    const unknown = await c.post('/api/auth/sign-in/username', { username: 'nobody_at_all', password: PW });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Username not found');
    expect(wrong.body).not.toContain('@');
  });

  it('refuses the address that guessed an account five times, but never locks the owner out', async () => {
    const { email } = await signUp();
    const attacker = new Client(t.app, '10.1.0.1');
    for (let i = 0; i < 5; i++) {
      expect((await attacker.post('/api/auth/sign-in/email', { email, password: 'Wr0ng!Passw0rd' })).statusCode).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/sign-in/email', { email, password: PW });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY_LOGINS);
    // The owner, from their own address, signs in as usual.
    const owner = new Client(t.app, '10.1.0.99');
    expect((await owner.post('/api/auth/sign-in/email', { email, password: PW })).statusCode).toBe(200);
  });

  it('slows down guesses spread over many addresses instead of blocking the account', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 6; i++) {
      const c = new Client(t.app, `10.1.1.${i + 1}`);
      expect((await c.post('/api/auth/sign-in/email', { email, password: 'Wr0ng!Passw0rd' })).statusCode).toBe(401);
    }
    const owner = new Client(t.app, '10.1.1.99');
    const started = Date.now();
    expect((await owner.post('/api/auth/sign-in/email', { email, password: PW })).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(loginDelayMs(6));
  });

  it('limits failed logins per address across accounts', async () => {
    const ip = '10.2.0.1';
    const c = new Client(t.app, ip);
    for (let i = 0; i < 20; i++) await c.post('/api/auth/sign-in/username', { username: `ghost_${i}`, password: PW });
    const { username } = await signUp();
    const res = await c.post('/api/auth/sign-in/username', { username, password: PW });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(TOO_MANY_LOGINS);
  });

  it('never hands the session token to a browser page: not at sign-up, in get-session or in list-sessions', async () => {
    const { res, c, email } = await signUp();
    expect(res.headers['set-auth-token']).toBeUndefined();
    expect(res.body).not.toMatch(/"token"/);
    const session = await c.get('/api/auth/get-session');
    expect(session.json().user.email).toBe(email);
    expect(session.json().session).toBeTruthy();
    expect(session.body).not.toMatch(/"token"/);
    const sessions = await c.get('/api/auth/list-sessions');
    expect(sessions.statusCode).toBe(200);
    expect(sessions.body).not.toMatch(/"token"/);
  });

  it('gives the session token to an API client that asks for it, and accepts it as a bearer token', async () => {
    n++;
    const email = `user${n}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json', 'x-auth-transport': 'bearer' },
      payload: { email, username: `user_${n}`, name: '', password: PW },
    });
    const token = res.headers['set-auth-token'] ?? res.json().token;
    expect(token).toBeTruthy();
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { authorization: `Bearer ${token}` } });
    expect(token.startsWith(session.json().session.token)).toBe(true);
    const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().user.email).toBe(email);
    const forged = await t.app.inject({ url: '/api/me', headers: { authorization: 'Bearer not-a-token' } });
    expect(forged.json()).toEqual({ user: null });
  });

  it('treats a tampered session cookie as a guest', async () => {
    const { c } = await signUp();
    const token = c.cookies.get('glint.session_token')!;
    c.cookies.set(
      'glint.session_token',
      token.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')),
    );
    expect((await c.get('/api/me')).json()).toEqual({ user: null });
  });
});

describe('password reset', () => {
  it('mails a single-use link and answers the same for an unknown email', async () => {
    const { email } = await signUp();
    const anon = new Client(t.app);
    const known = await anon.post('/api/auth/request-password-reset', { email, redirectTo: '/update-password' });
    const unknown = await anon.post('/api/auth/request-password-reset', { email: 'nobody@example.com', redirectTo: '/update-password' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Reset your Glint password');
    const open = await anon.get(linkIn(mail.text));
    expect(open.statusCode).toBe(302);
    const target = new URL(open.headers.location as string, 'http://x');
    expect(target.pathname).toBe('/update-password');
    const token = target.searchParams.get('token')!;

    expect((await anon.post('/api/auth/reset-password', { token, newPassword: 'weak' })).json().message).toBe('Password must be at least 8 characters');
    expect((await anon.post('/api/auth/reset-password', { token, newPassword: 'P@ssw0rd' })).json().message).toBe(LEAKED_PASSWORD);
    const NEW = 'N3w!Password#2';
    expect((await anon.post('/api/auth/reset-password', { token, newPassword: NEW })).statusCode).toBe(200);
    expect((await anon.post('/api/auth/reset-password', { token, newPassword: 'An0ther!Pass#3' })).statusCode).toBe(400);

    const c = new Client(t.app, '10.3.0.1');
    expect((await c.post('/api/auth/sign-in/email', { email, password: PW })).statusCode).toBe(401);
    expect((await c.post('/api/auth/sign-in/email', { email, password: NEW })).statusCode).toBe(200);
  });
});

describe('two-factor', () => {
  async function enrol() {
    const account = await signUp();
    await verify(account.c, account.email);
    const enable = await account.c.post('/api/auth/two-factor/enable', { password: PW });
    expect(enable.statusCode).toBe(200);
    const uri: string = enable.json().totpURI;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Glint/);
    const totp = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
    const confirm = await account.c.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(confirm.statusCode).toBe(200);
    expect((await account.c.get('/api/me')).json().user.twoFactorEnabled).toBe(true);
    return { ...account, totp };
  }

  async function passwordStep(email: string, ip: string) {
    const c = new Client(t.app, ip);
    const res = await c.post('/api/auth/sign-in/email', { email, password: PW });
    expect(res.statusCode).toBe(200);
    expect(res.json().twoFactorRedirect).toBe(true);
    expect((await c.get('/api/me')).json()).toEqual({ user: null });
    return c;
  }

  it('asks for the code after the password, and signs in with it', async () => {
    const { email, totp } = await enrol();
    const c = await passwordStep(email, '10.4.0.1');
    // The enrolment used this window's code; the next window's is accepted too.
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    const res = await c.post('/api/auth/two-factor/verify-totp', { code });
    expect(res.statusCode).toBe(200);
    expect((await c.get('/api/me')).json().user.email).toBe(email);

    // The same code cannot sign in a second time.
    await c.post('/api/auth/sign-out', {});
    const again = await passwordStep(email, '10.4.0.5');
    const reuse = await again.post('/api/auth/two-factor/verify-totp', { code });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe('This code was already used. Wait for the next one.');
  });

  it('counts wrong codes down and locks after five', async () => {
    const { email, totp } = await enrol();
    const c = await passwordStep(email, '10.4.0.2');
    const wrong = () => c.post('/api/auth/two-factor/verify-totp', { code: totp.generate() === '000000' ? '111111' : '000000' });
    for (const remaining of [4, 3, 2, 1]) {
      const res = await wrong();
      expect(res.statusCode).toBe(401);
      expect(res.json().remaining_attempts).toBe(remaining);
    }
    const fifth = await wrong();
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toMatchObject({ code: 'account_temporarily_locked', remaining_attempts: 0, message: expect.stringMatching(/locked/i) });

    // Locked: even the right code, from a fresh password login, is refused.
    const again = await passwordStep(email, '10.4.0.3');
    const right = await again.post('/api/auth/two-factor/verify-totp', { code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/locked/i);
  });

  it('can be removed with the password', async () => {
    const { c, email } = await enrol();
    expect((await c.post('/api/auth/two-factor/disable', { password: PW })).statusCode).toBe(200);
    const fresh = new Client(t.app, '10.4.0.4');
    const res = await fresh.post('/api/auth/sign-in/email', { email, password: PW });
    expect(res.json().twoFactorRedirect).toBeUndefined();
    expect((await fresh.get('/api/me')).json().user.email).toBe(email);
  });
});

describe('sessions', () => {
  it('lists sessions and revokes the others', async () => {
    const { c, email } = await signUp();
    const other = new Client(t.app, '10.5.0.1');
    await other.post('/api/auth/sign-in/email', { email, password: PW });
    expect((await c.get('/api/auth/list-sessions')).json()).toHaveLength(2);
    expect((await c.post('/api/auth/revoke-other-sessions', {})).statusCode).toBe(200);
    expect((await other.get('/api/me')).json()).toEqual({ user: null });
    expect((await c.get('/api/me')).json().user.email).toBe(email);
  });
});

describe('protected API calls', () => {
  it('refuse guests (401) and unverified accounts (403)', async () => {
    const guest = new Client(t.app);
    expect((await guest.get('/api/profile')).statusCode).toBe(401);
    const { c, email } = await signUp();
    const res = await c.get('/api/profile');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Email Verification Required');
    await verify(c, email);
    expect((await c.get('/api/profile')).statusCode).toBe(200);
  });

  it('keep admin screens to admins', async () => {
    const { c, email } = await signUp();
    await verify(c, email);
    expect((await c.get('/api/admin/roles')).statusCode).toBe(403);
    const me = (await c.get('/api/me')).json();
    await t.database.db.insert(userRoles).values({ userId: me.user.id, role: 'moderator' });
    expect((await c.get('/api/admin/roles')).statusCode).toBe(403);
    await t.database.db.insert(userRoles).values({ userId: me.user.id, role: 'admin' });
    const res = await c.get('/api/admin/roles');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((r: { role: string }) => r.role)
        .sort(),
    ).toEqual(['admin', 'moderator']);
    expect((await c.get('/api/me')).json().roles.sort()).toEqual(['admin', 'moderator']);
  });
});

describe('profiles of new accounts', () => {
  it('get a unique username when the wanted one is taken by an existing profile', async () => {
    const first = await signUp({ username: 'dupe_me' });
    const me = (await first.c.get('/api/me')).json();
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, me.user.id));
    expect(row!.username).toBe('dupe_me');
  });
});
