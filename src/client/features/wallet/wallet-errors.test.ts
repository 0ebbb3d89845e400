import { describe, expect, it } from 'vitest';
import { isConnectRace, isUserRejection, needsInstall, pollFor, shortAddress, WALLET_TEXT, walletErrorMessage, WalletError } from './wallet-errors';

const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 });

describe('walletErrorMessage', () => {
  it('maps a refused prompt by stage: connection cancelled, or login cancelled when signing to log in', () => {
    expect(walletErrorMessage(rejected, 'connect', 'x')).toBe('Connection cancelled. Please approve the connection in your wallet.');
    expect(walletErrorMessage(rejected, 'login', 'x')).toBe('Login cancelled');
    expect(walletErrorMessage(rejected, 'link', 'x')).toBe('Connection cancelled. Please approve the connection in your wallet.');
    expect(walletErrorMessage({ code: 4001, message: 'whatever' }, 'connect', 'x')).toBe(WALLET_TEXT.connectionCancelled);
    expect(walletErrorMessage(new Error('User rejected'), 'login', 'x')).toBe('Login cancelled');
  });

  it('asks to unlock a locked wallet', () => {
    expect(walletErrorMessage(new Error('Wallet is locked'), 'connect', 'x')).toBe('Please unlock your Phantom wallet and try again.');
    expect(walletErrorMessage('Please unlock Phantom', 'login', 'x')).toBe('Please unlock your Phantom wallet and try again.');
  });

  it('gives our own failures their SPEC texts and anything else the fallback', () => {
    expect(walletErrorMessage(new WalletError('not-detected'), 'connect', 'x')).toBe(
      'Phantom wallet not detected. Please install the Phantom browser extension.',
    );
    expect(walletErrorMessage(new WalletError('too-long'), 'connect', 'x')).toBe('Phantom wallet took too long to initialize');
    expect(walletErrorMessage(new WalletError('no-address'), 'connect', 'x')).toBe(
      'Failed to retrieve wallet address. Please make sure your wallet is unlocked and try again.',
    );
    expect(walletErrorMessage(new WalletError('no-sign-message'), 'login', 'x')).toBe('Wallet does not support message signing');
    expect(walletErrorMessage(new WalletError('no-signature'), 'login', 'x')).toBe('Failed to get wallet signature');
    expect(walletErrorMessage(new Error('boom'), 'login', 'Failed to login with wallet')).toBe('Failed to login with wallet');
    expect(walletErrorMessage(undefined, 'connect', 'Failed to sign in')).toBe('Failed to sign in');
  });

  it('offers the install link only when there is no Phantom', () => {
    expect(needsInstall(new WalletError('not-detected'))).toBe(true);
    expect(needsInstall(new WalletError('too-long'))).toBe(false);
    expect(needsInstall(rejected)).toBe(false);
  });

  it('tells a refusal and a race apart', () => {
    expect(isUserRejection(rejected)).toBe(true);
    expect(isUserRejection(new Error('Unexpected error'))).toBe(false);
    expect(isConnectRace(new Error('Unexpected error'))).toBe(true);
    expect(isConnectRace({ code: -32603 })).toBe(true);
    expect(isConnectRace(rejected)).toBe(false);
  });
});

describe('pollFor', () => {
  it('checks at once, then waits the interval between checks, up to the number of attempts', async () => {
    const waits: number[] = [];
    let calls = 0;
    const value = await pollFor(() => (++calls === 3 ? 'ready' : undefined), {
      attempts: 8,
      intervalMs: 250,
      wait: async (ms) => void waits.push(ms),
    });
    expect(value).toBe('ready');
    expect(calls).toBe(3);
    expect(waits).toEqual([250, 250]);
  });

  it('gives up after the last attempt without a final wait', async () => {
    const waits: number[] = [];
    let calls = 0;
    const value = await pollFor(() => void calls++, { attempts: 10, intervalMs: 500, wait: async (ms) => void waits.push(ms) });
    expect(value).toBeUndefined();
    expect(calls).toBe(10);
    expect(waits).toEqual(Array(9).fill(500));
  });
});

describe('shortAddress', () => {
  it('keeps the first and last four characters', () => {
    expect(shortAddress('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBe('7xKX…gAsU');
    expect(shortAddress('short')).toBe('short');
  });
});
