import { describe, expect, it } from 'vitest';
import { parseLinkMessage, parseLoginMessage } from '../../../shared/wallet/wallet';
import { ApiError } from '../../lib/api';
import type { ConnectedWallet } from './phantom';
import type { PhantomProvider } from './phantom-provider';
import { WalletError } from './wallet-errors';
import { ACCOUNT_CREATED, createWalletFlows, type NotifyOptions } from './wallet-flows';
import { createWalletStore } from './wallet-store';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const HOST = 'glint.example';

const refuse = (status: number, message: string, code = 'x') => new ApiError(status, { code, message });

type Reply = unknown | ((body: Record<string, unknown>) => unknown);

/** The flows with every effect recorded: toasts, requests, sign-outs, screen calls. */
function setup(
  opts: {
    signedIn?: string | null;
    replies?: Record<string, Reply[]>;
    connect?: () => Promise<ConnectedWallet>;
    sign?: () => Promise<string>;
    missingWalletLink?: () => { label: string; href: string };
  } = {},
) {
  const log = {
    toasts: [] as { kind: string; title: string; options?: NotifyOptions | undefined }[],
    posts: [] as { path: string; body: Record<string, unknown> }[],
    signOuts: 0,
    disconnects: 0,
    screen: [] as string[],
  };
  let userId: string | null = opts.signedIn ?? null;
  /** Who the server will say is signed in at the next refresh. */
  const server = { userId };
  const store = createWalletStore();
  store.bindScreen({
    showWalletTab: () => log.screen.push('wallet-tab'),
    closeAuthDialog: () => log.screen.push('close'),
    showTwoFactorStep: () => log.screen.push('two-factor'),
  });
  const provider: PhantomProvider = {
    isPhantom: true,
    connect: async () => ({ publicKey: { toString: () => ADDRESS } }),
    disconnect: async () => void log.disconnects++,
  };
  const replies = opts.replies ?? {};
  const flows = createWalletFlows({
    session: {
      refresh: async () => (userId = server.userId),
      currentUserId: () => userId,
      signOut: async () => {
        log.signOuts++;
        userId = server.userId = null;
      },
    },
    store,
    notify: {
      success: (title, options) => void log.toasts.push({ kind: 'success', title, options }),
      error: (title, options) => void log.toasts.push({ kind: 'error', title, options }),
      info: (title, options) => void log.toasts.push({ kind: 'info', title, options }),
    },
    connect: opts.connect ?? (async () => ({ provider, address: ADDRESS })),
    findProvider: () => provider,
    sign: opts.sign ?? (async () => 'sig'.repeat(30)),
    post: async <T>(path: string, body: unknown) => {
      log.posts.push({ path, body: body as Record<string, unknown> });
      const next = (replies[path] ?? []).shift();
      const value = typeof next === 'function' ? (next as (b: unknown) => unknown)(body) : next;
      if (value instanceof Error) throw value;
      return value as T;
    },
    now: () => 1_700_000_000_000,
    challenge: async () => ({ nonce: crypto.randomUUID(), host: HOST }),
    ...(opts.missingWalletLink ? { missingWalletLink: opts.missingWalletLink } : {}),
  });
  const titles = () => log.toasts.map((t) => t.title);
  return { flows, log, store, server, titles };
}

describe('wallet as guest', () => {
  it('logs a registered wallet in: existing wallet toast, session refreshed, auth dialog closed', async () => {
    const t = setup({ replies: { '/api/auth/login-with-wallet': [() => ((t.server.userId = 'u1'), { userId: 'u1', session: {} })] } });
    await t.flows.connect('login');
    expect(t.titles()).toEqual(['Existing wallet detected, logging you in...', 'Logged in successfully!']);
    expect(t.log.screen).toEqual(['close']);
    const body = t.log.posts[0]!.body;
    expect(body.walletAddress).toBe(ADDRESS);
    expect(parseLoginMessage(body.message as string, HOST)?.timestamp).toBe(1_700_000_000_000);
    expect(t.store.get()).toMatchObject({ wallet: { address: ADDRESS }, step: null });
  });

  it('goes on to the code step when the account has an authenticator, without a session yet', async () => {
    const t = setup({ replies: { '/api/auth/login-with-wallet': [{ userId: 'u1', twoFactorRedirect: true }] } });
    await t.flows.connect('login');
    expect(t.log.screen).toEqual(['two-factor']);
    expect(t.titles()).toEqual([]);
    expect(t.log.signOuts).toBe(0);
  });

  it('signs out a session that is not the wallet owner', async () => {
    const t = setup({ replies: { '/api/auth/login-with-wallet': [() => ((t.server.userId = 'someone-else'), { userId: 'u1' })] } });
    await t.flows.connect('signup');
    expect(t.log.signOuts).toBe(1);
    expect(t.titles()).toEqual(['Existing wallet detected, logging you in...', 'Failed to log in with wallet']);
    expect(t.log.disconnects).toBe(1);
  });

  it('from the Login tab, an unknown wallet is told to sign up, with a Sign Up action to the Wallet tab that disconnects', async () => {
    const t = setup({ replies: { '/api/auth/login-with-wallet': [refuse(404, 'Wallet not registered. Please sign up first.')] } });
    await t.flows.connect('login');
    const toast = t.log.toasts[0]!;
    expect(toast.title).toBe('Wallet not registered. Please sign up first.');
    expect(toast.options?.action?.label).toBe('Sign Up');
    expect(t.store.get().registration).toBeNull();
    toast.options!.action!.onClick();
    await Promise.resolve();
    expect(t.log.screen).toEqual(['wallet-tab']);
    expect(t.log.disconnects).toBe(1);
    expect(t.store.get().wallet).toBeNull();
  });

  it('from the Wallet tab, an unknown wallet goes to Complete Your Registration, which signs a fresh message', async () => {
    const t = setup({
      replies: {
        '/api/auth/login-with-wallet': [refuse(404, 'Wallet not registered. Please sign up first.')],
        '/api/auth/register-with-wallet': [
          refuse(409, 'Username is already taken', 'username_taken'),
          () => ((t.server.userId = 'new'), { userId: 'new', session: {} }),
        ],
      },
    });
    await t.flows.connect('signup');
    expect(t.titles()).toEqual([]);
    const registration = t.store.get().registration!;
    expect(registration.address).toBe(ADDRESS);
    expect(t.log.screen).toEqual(['close']);

    expect(await registration.submit({ username: 'taken', displayName: 'New One' })).toEqual({
      status: 'invalid',
      errors: { username: 'Username is already taken' },
    });
    expect(t.store.get().registration).toBe(registration);
    expect(await registration.submit({ username: 'fresh', displayName: 'New One' })).toEqual({ status: 'done' });
    expect(t.titles()).toEqual([ACCOUNT_CREATED]);
    expect(ACCOUNT_CREATED).toBe('Account created successfully! Welcome to Glint!');
    expect(t.store.get().registration).toBeNull();
    const uuids = t.log.posts.map((p) => parseLoginMessage(p.body.message as string, HOST)!.uuid);
    expect(new Set(uuids).size).toBe(3);
    expect(t.log.posts[2]!.body).toMatchObject({ username: 'fresh', displayName: 'New One', walletAddress: ADDRESS });
  });

  it('cancelling registration clears it and disconnects the wallet', async () => {
    const t = setup({ replies: { '/api/auth/login-with-wallet': [refuse(404, 'Wallet not registered. Please sign up first.')] } });
    await t.flows.connect('signup');
    await t.store.get().registration!.cancel();
    expect(t.store.get()).toMatchObject({ registration: null, wallet: null });
    expect(t.log.disconnects).toBe(1);
  });

  it('shows the server message, or Registration failed, when registering fails', async () => {
    const t = setup({
      replies: {
        '/api/auth/login-with-wallet': [refuse(404, 'Wallet not registered. Please sign up first.')],
        '/api/auth/register-with-wallet': [refuse(400, 'Display name must be less than 50 characters'), ApiError.fromResponse(400, '')],
      },
    });
    await t.flows.connect('signup');
    const registration = t.store.get().registration!;
    expect((await registration.submit({ username: 'abc', displayName: 'x' })).status).toBe('failed');
    expect((await registration.submit({ username: 'abc', displayName: 'x' })).status).toBe('failed');
    expect(t.titles()).toEqual(['Display name must be less than 50 characters', 'Registration failed']);
  });

  it('a refused login signature is "Login cancelled" and disconnects', async () => {
    const t = setup({ sign: () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })) });
    await t.flows.connect('login');
    expect(t.titles()).toEqual(['Login cancelled']);
    expect(t.log.posts).toEqual([]);
    expect(t.log.disconnects).toBe(1);
  });

  it('a failed connect shows its text; no Phantom offers the install link', async () => {
    const t = setup({ connect: () => Promise.reject(new WalletError('not-detected')) });
    await t.flows.connect('signup');
    expect(t.log.toasts[0]).toEqual({
      kind: 'error',
      title: 'Phantom wallet not detected. Please install the Phantom browser extension.',
      options: { link: { label: 'Install Phantom', href: 'https://phantom.app/' } },
    });
    const r = setup({ connect: () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })) });
    await r.flows.connect('login');
    expect(r.titles()).toEqual(['Connection cancelled. Please approve the connection in your wallet.']);
  });

  it('without Phantom in the app or on a phone, offers to open the page inside Phantom instead of installing it', async () => {
    const open = { label: 'Open in Phantom', href: 'https://phantom.app/ul/browse/https%3A%2F%2Fglint.example%2Fapp?ref=https%3A%2F%2Fglint.example' };
    const t = setup({ connect: () => Promise.reject(new WalletError('not-detected')), missingWalletLink: () => open });
    await t.flows.connect('signup');
    expect(t.log.toasts[0]?.options).toEqual({ link: open });
  });

  it('a refused or stale message gets the default login text with the server reason', async () => {
    const t = setup({ replies: { '/api/auth/login-with-wallet': [refuse(401, 'This signature was already used. Please sign again.', 'message_replayed')] } });
    await t.flows.connect('login');
    expect(t.log.toasts[0]).toMatchObject({
      title: 'Failed to login with wallet',
      options: { description: 'This signature was already used. Please sign again.' },
    });
  });
});

describe('wallet as logged-in user', () => {
  it('asks a guest to log in again before linking', async () => {
    const t = setup();
    await t.flows.link();
    expect(t.titles()).toEqual(['Please log in again to connect your wallet']);
    expect(t.log.posts).toEqual([]);
  });

  it('links with the link message and refreshes the session', async () => {
    const t = setup({ signedIn: 'u1', replies: { '/api/auth/verify-wallet': [{ success: true, walletAddress: ADDRESS }] } });
    await t.flows.connect();
    expect(t.titles()).toEqual(['Wallet connected successfully!']);
    // The message names this site and the signed-in account.
    expect(parseLinkMessage(t.log.posts[0]!.body.message as string, HOST, 'u1')).toBeDefined();
  });

  it('on Unauthorized refreshes once and retries once with the same proof, then says the session expired', async () => {
    const unauthorized = () => refuse(401, 'Unauthorized', 'unauthorized');
    const ok = setup({ signedIn: 'u1', replies: { '/api/auth/verify-wallet': [unauthorized(), { success: true }] } });
    await ok.flows.link();
    expect(ok.titles()).toEqual(['Wallet connected successfully!']);
    expect(ok.log.posts[1]!.body).toEqual(ok.log.posts[0]!.body);

    const expired = setup({ signedIn: 'u1', replies: { '/api/auth/verify-wallet': [unauthorized(), unauthorized()] } });
    await expired.flows.link();
    expect(expired.log.posts).toHaveLength(2);
    expect(expired.titles()).toEqual(['Session expired. Please log out and log in again to connect your wallet.']);
    expect(expired.log.disconnects).toBe(1);
  });

  it('maps a bad message format, and signs out when the wallet belongs to another account', async () => {
    const format = setup({ signedIn: 'u1', replies: { '/api/auth/verify-wallet': [refuse(400, 'Invalid message format generated', 'invalid_message')] } });
    await format.flows.link();
    expect(format.titles()).toEqual(['Wallet verification failed due to message format. Please try again.']);

    const taken = setup({
      signedIn: 'u1',
      replies: { '/api/auth/verify-wallet': [refuse(409, 'This wallet is linked to another account. Please try again.', 'wallet_taken')] },
    });
    await taken.flows.link();
    expect(taken.titles()).toEqual(['This wallet is linked to another account. Please try again.']);
    expect(taken.log.signOuts).toBe(1);
    expect(taken.log.disconnects).toBe(1);
  });

  it('disconnect unlinks, disconnects the wallet, signs out and says so', async () => {
    const t = setup({ signedIn: 'u1', replies: { '/api/auth/verify-wallet': [{ success: true }], '/api/auth/disconnect-wallet': [{ success: true }] } });
    await t.flows.link();
    await t.flows.disconnect();
    expect(t.log.posts.map((p) => p.path)).toEqual(['/api/auth/verify-wallet', '/api/auth/disconnect-wallet']);
    expect(t.log.disconnects).toBe(1);
    expect(t.log.signOuts).toBe(1);
    expect(t.log.toasts.at(-1)).toEqual({
      kind: 'success',
      title: 'Wallet Disconnected',
      options: { description: 'Your wallet has been disconnected. You have been logged out.' },
    });
  });

  it('disconnect after a reload (nothing connected in this page yet) still tells Phantom to disconnect', async () => {
    const t = setup({ signedIn: 'u1', replies: { '/api/auth/disconnect-wallet': [{ success: true }] } });
    await t.flows.disconnect();
    expect(t.log.disconnects).toBe(1);
    expect(t.log.signOuts).toBe(1);
    expect(t.titles()).toEqual(['Wallet Disconnected']);
  });

  it('runs one step at a time', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const t = setup({
      signedIn: 'u1',
      connect: async () => {
        await gate;
        return { provider: { isPhantom: true, connect: async () => undefined, disconnect: async () => {} }, address: ADDRESS };
      },
      replies: { '/api/auth/verify-wallet': [{ success: true }] },
    });
    const first = t.flows.link();
    await t.flows.link();
    release();
    await first;
    expect(t.log.posts).toHaveLength(1);
  });
});
