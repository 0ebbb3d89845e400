import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { profileWallets, walletNonces } from './schema.js';
import { profiles, user as authUser } from '../../access/schema.js';
import { Client, createTestApp, type TestApp } from '../../test-support/app.js';
import { TestWallet } from '../../test-support/wallet.js';

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function register(w = new TestWallet(t.app), over: Partial<{ username: string; displayName: string }> = {}) {
  n++;
  const c = new Client(t.app);
  const res = await c.post('/api/auth/register-with-wallet', { ...(await w.loginProof()), username: `wal_${n}`, displayName: `Wallet ${n}`, ...over });
  return { c, w, res };
}

describe('register with a wallet', () => {
  it('creates a verified account without email, its profile with the wallet, and signs in', async () => {
    const { c, w, res } = await register(undefined, { username: 'Phantom_Fan', displayName: 'Phantom Fan' });
    expect(res.statusCode).toBe(200);
    const me = (await c.get('/api/me')).json();
    expect(me.user).toMatchObject({ email: null, emailVerified: true });
    expect(me.profile).toMatchObject({ username: 'Phantom_Fan', displayName: 'Phantom Fan', publicWalletAddress: w.address });
    expect(res.json().userId).toBe(me.user.id);
  });

  it('refuses a taken username or display name, and a wallet that already has an account', async () => {
    const first = await register(undefined, { username: 'Dup_User', displayName: 'Dup Name' });
    const u = await register(undefined, { username: 'dup_user' });
    expect(u.res.statusCode).toBe(409);
    expect(u.res.json().message).toBe('Username is already taken');
    const d = await register(undefined, { displayName: 'dup name' });
    expect(d.res.json().message).toBe('Display name is already taken');
    const again = await register(first.w);
    expect(again.res.json().message).toBe('This wallet is linked to another account. Please try again.');
  });

  it('leaves no half-made account when a write fails halfway', async () => {
    const w = new TestWallet(t.app);
    // The wallet link cannot be written: the account, profile and sign-in method go with it.
    await t.database.db.execute(
      sql.raw(`create or replace function refuse_wallet() returns trigger as $$ begin
      if new.wallet_address = '${w.address}' then raise exception 'disk full'; end if; return new; end $$ language plpgsql`),
    );
    await t.database.db.execute(sql.raw('create trigger refuse_wallet before insert on profile_wallets for each row execute function refuse_wallet()'));
    // Better Auth's router prints an unexpected error itself, once: expected here.
    vi.mocked(console.error).mockImplementationOnce(() => {});
    try {
      const { res } = await register(w, { username: 'Half_Made', displayName: 'Half Made' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_wallet on profile_wallets'));
    }
    expect(await t.database.db.select().from(authUser).where(eq(authUser.username, 'half_made'))).toEqual([]);
    expect(await t.database.db.select().from(profiles).where(eq(profiles.username, 'Half_Made'))).toEqual([]);
    // And the same name can be registered once the fault is gone.
    expect((await register(new TestWallet(t.app), { username: 'Half_Made', displayName: 'Half Made' })).res.statusCode).toBe(200);
  });

  it('checks the registration rules on the server', async () => {
    const r = await register(undefined, { username: 'x!' });
    expect(r.res.statusCode).toBe(400);
    const long = await register(undefined, { displayName: 'x'.repeat(50) });
    expect(long.res.statusCode).toBe(400);
  });
});

describe('log in with a wallet', () => {
  it('signs a registered wallet into its account, with base58 or base64 signatures', async () => {
    const { c: owner, w } = await register();
    const ownerId = (await owner.get('/api/me')).json().user.id;
    for (const encoding of ['base58', 'base64'] as const) {
      const c = new Client(t.app);
      const res = await c.post('/api/auth/login-with-wallet', await w.loginProof({ encoding }));
      expect(res.statusCode).toBe(200);
      expect(res.json().userId).toBe(ownerId);
      expect((await c.get('/api/me')).json().user.id).toBe(ownerId);
    }
  });

  it('tells an unknown wallet to sign up first', async () => {
    const res = await new Client(t.app).post('/api/auth/login-with-wallet', await new TestWallet(t.app).loginProof());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Wallet not registered. Please sign up first.');
  });

  it('refuses a replayed, stale, future-dated, or foreign-signed message', async () => {
    const { w } = await register();
    const c = new Client(t.app);
    const proof = await w.loginProof();
    expect((await c.post('/api/auth/login-with-wallet', proof)).statusCode).toBe(200);
    const replay = await c.post('/api/auth/login-with-wallet', proof);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('message_replayed');
    expect((await c.post('/api/auth/login-with-wallet', await w.loginProof({ at: Date.now() - 6 * 60_000 }))).json().code).toBe('message_expired');
    expect((await c.post('/api/auth/login-with-wallet', await w.loginProof({ at: Date.now() + 60_000 }))).json().code).toBe('message_from_future');
    const forged = { ...(await w.loginProof()), signature: new TestWallet(t.app).sign('x') };
    expect((await c.post('/api/auth/login-with-wallet', forged)).json().code).toBe('invalid_signature');
  });
});

describe('wallet messages are bound to this site and to a server nonce', () => {
  it('refuses a sign-in message made for another site', async () => {
    const { w } = await register();
    const res = await new Client(t.app).post('/api/auth/login-with-wallet', await w.loginProof({ host: 'glint.example.evil.test' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_message');
  });

  it('refuses a uuid the server never issued, or issued more than 5 minutes ago', async () => {
    const { c: owner, w } = await register();
    const c = new Client(t.app);
    const made = await c.post('/api/auth/login-with-wallet', await w.loginProof({ uuid: randomUUID() }));
    expect(made.statusCode).toBe(401);
    expect(made.json().code).toBe('message_replayed');
    const { nonce } = await w.challenge();
    await t.database.db
      .update(walletNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletNonces.uuid, nonce));
    expect((await c.post('/api/auth/login-with-wallet', await w.loginProof({ uuid: nonce }))).statusCode).toBe(401);
    // Linking needs an issued nonce as well.
    expect((await owner.post('/api/auth/verify-wallet', await w.linkProof(owner, { uuid: randomUUID() }))).statusCode).toBe(401);
    expect((await c.get('/api/me')).json()).toEqual({ user: null });
  });

  it('hands out a fresh nonce each time, with the host to name', async () => {
    const a = await new TestWallet(t.app).challenge();
    const b = await new TestWallet(t.app).challenge();
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.host).toBe(new URL(t.app.config.publicUrl).host);
  });
});

describe('two-factor after a wallet login', () => {
  it('holds the login at the code step until the authenticator code is given', async () => {
    const { c, w } = await register();
    const enable = await c.post('/api/auth/two-factor/enable', {});
    expect(enable.statusCode).toBe(200);
    const totp = OTPAuth.URI.parse(enable.json().totpURI) as OTPAuth.TOTP;
    expect((await c.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).statusCode).toBe(200);
    const ownerId = (await c.get('/api/me')).json().user.id;

    const other = new Client(t.app);
    const res = await other.post('/api/auth/login-with-wallet', await w.loginProof());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await other.get('/api/me')).json()).toEqual({ user: null });
    const wrong = await other.post('/api/auth/two-factor/verify-totp', { code: totp.generate() === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect((await other.get('/api/me')).json()).toEqual({ user: null });
    const right = await other.post('/api/auth/two-factor/verify-totp', { code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(right.statusCode).toBe(200);
    expect((await other.get('/api/me')).json().user.id).toBe(ownerId);
  });
});

describe('link a wallet (verify-wallet)', () => {
  async function emailAccount() {
    n++;
    const c = new Client(t.app);
    await c.post('/api/auth/sign-up/email', { email: `link${n}@example.com`, username: `link_${n}`, name: '', password: 'Str0ng!Passw0rd' });
    return c;
  }

  it('needs a signed-in user', async () => {
    const res = await new Client(t.app).post('/api/auth/verify-wallet', await new TestWallet(t.app).linkProof('someone'));
    expect(res.statusCode).toBe(401);
  });

  it('links the wallet, shows it on the profile, and lets it log in', async () => {
    const c = await emailAccount();
    const w = new TestWallet(t.app);
    const res = await c.post('/api/auth/verify-wallet', await w.linkProof(c));
    expect(res.statusCode).toBe(200);
    const me = (await c.get('/api/me')).json();
    expect(me.profile.publicWalletAddress).toBe(w.address);
    const other = new Client(t.app);
    expect((await other.post('/api/auth/login-with-wallet', await w.loginProof())).json().userId).toBe(me.user.id);
  });

  it('refuses a malformed message with docs/product.md’s text', async () => {
    const c = await emailAccount();
    const w = new TestWallet(t.app);
    const message = 'Please sign: 123';
    const res = await c.post('/api/auth/verify-wallet', { walletAddress: w.address, message, signature: w.sign(message) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid message format generated');
  });

  it('refuses a link signed for another site, or for another account (a phishing page linking the victim’s wallet to its own)', async () => {
    const victim = new TestWallet(t.app);
    const attacker = await emailAccount();
    const attackerId = (await attacker.get('/api/me')).json().user.id as string;
    // Signed on a look-alike site: it names that site.
    const elsewhere = await attacker.post('/api/auth/verify-wallet', await victim.linkProof(attacker, { host: 'glint.example.evil.test' }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('Invalid message format generated');
    // Signed here by the victim for their own account, then sent by the attacker's session.
    const victimAccount = await emailAccount();
    const forVictim = await attacker.post('/api/auth/verify-wallet', await victim.linkProof(victimAccount));
    expect(forVictim.statusCode).toBe(400);
    expect(forVictim.json().message).toBe('Invalid message format generated');
    // The old message, naming neither, is refused too.
    const { nonce } = await victim.challenge();
    const bare = `Sign this message to verify your wallet: ${Date.now()}:${nonce}`;
    expect((await attacker.post('/api/auth/verify-wallet', { walletAddress: victim.address, message: bare, signature: victim.sign(bare) })).statusCode).toBe(
      400,
    );
    expect((await attacker.get('/api/me')).json().profile.publicWalletAddress).toBeNull();
    // Made for this site and this account, it links.
    expect((await attacker.post('/api/auth/verify-wallet', await victim.linkProof(attackerId))).statusCode).toBe(200);
  });

  it('refuses a wallet linked to another account', async () => {
    const { w } = await register();
    const c = await emailAccount();
    const res = await c.post('/api/auth/verify-wallet', await w.linkProof(c));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This wallet is linked to another account. Please try again.');
  });
});

describe('disconnect', () => {
  it('removes the link and clears the public wallet address', async () => {
    const { c, w } = await register();
    const id = (await c.get('/api/me')).json().user.id;
    expect((await c.post('/api/auth/disconnect-wallet', {})).statusCode).toBe(200);
    expect(await t.database.db.select().from(profileWallets).where(eq(profileWallets.userId, id))).toEqual([]);
    const [p] = await t.database.db.select().from(profiles).where(eq(profiles.id, id));
    expect(p!.publicWalletAddress).toBeNull();
    expect((await new Client(t.app).post('/api/auth/login-with-wallet', await w.loginProof())).statusCode).toBe(404);
  });
});

describe('availability checks', () => {
  it('answers for usernames and display names, with the rule messages', async () => {
    await register(undefined, { username: 'Avail_Taken', displayName: 'Avail Taken' });
    const c = new Client(t.app);
    expect((await c.get('/api/availability?username=avail_taken&displayName=AVAIL%20TAKEN')).json()).toEqual({
      username: { available: false, message: 'Username is already taken' },
      displayName: { available: false, message: 'Display name is already taken' },
    });
    expect((await c.get('/api/availability?username=fresh_name')).json()).toEqual({ username: { available: true } });
    expect((await c.get('/api/availability?username=no!')).json().username.message).toBe(
      'Username must be 3-20 characters and contain only letters, numbers, and underscores',
    );
  });
});

describe('adding an email to a wallet account', () => {
  it('refuses an email another account already has', async () => {
    await new Client(t.app).post('/api/auth/sign-up/email', { email: 'owner@example.com', username: 'email_owner', name: '', password: 'Str0ng!Passw0rd' });
    const { c } = await register();
    const res = await c.post('/api/auth/add-email', { email: 'Owner@Example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists. Please sign in instead.');
  });

  it('confirms the new email by link', async () => {
    const { c } = await register();
    const res = await c.post('/api/auth/add-email', { email: 'walletfan@example.com', callbackURL: '/settings' });
    expect(res.statusCode).toBe(200);
    const me = (await c.get('/api/me')).json();
    expect(me.user).toMatchObject({ email: 'walletfan@example.com', emailVerified: false });
    const mail = (await t.app.mailer.list()).find((m) => m.to === 'walletfan@example.com')!;
    const url = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect((await c.get(url.pathname + url.search)).statusCode).toBe(302);
    expect((await c.get('/api/me')).json().user.emailVerified).toBe(true);
    expect((await c.post('/api/auth/add-email', { email: 'second@example.com' })).json().message).toBe('Your account already has an email address.');
  });
});
