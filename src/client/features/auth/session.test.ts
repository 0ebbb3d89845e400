import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeSession, sessionKeys } from './session';

/** A fetch that waits until it is aborted, counting how many were started and aborted. */
function pendingFetches() {
  const count = { started: 0, aborted: 0 };
  const queryFn = ({ signal }: { signal: AbortSignal }) => {
    count.started += 1;
    return new Promise<string>((_, reject) =>
      signal.addEventListener('abort', () => {
        count.aborted += 1;
        reject(new Error('aborted'));
      }),
    );
  };
  return { count, queryFn };
}

let client: QueryClient;
afterEach(() => client.clear());

describe('changeSession (a sign-out, two-factor turned on or off)', () => {
  it('aborts the account’s fetches in flight before its request, not the session’s own', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const account = pendingFetches();
    const session = pendingFetches();
    const stop = [
      new QueryObserver(client, { queryKey: ['notifications', 'u1'], queryFn: account.queryFn }).subscribe(() => undefined),
      new QueryObserver(client, { queryKey: sessionKeys.current, queryFn: session.queryFn }).subscribe(() => undefined),
    ];
    expect(account.count.started).toBe(1);

    let abortedWhenSent: number | undefined;
    const answer = await changeSession(client, async () => {
      abortedWhenSent = account.count.aborted;
      return 'ok';
    });

    expect(answer).toBe('ok');
    expect(abortedWhenSent).toBe(1);
    expect(session.count.aborted).toBe(0);
    stop.forEach((s) => s());
  });

  it('asks again for what it dropped when the request fails (the session did not change)', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const account = pendingFetches();
    const stop = new QueryObserver(client, { queryKey: ['notifications', 'u1'], queryFn: account.queryFn }).subscribe(() => undefined);

    await expect(changeSession(client, () => Promise.reject(new Error('Invalid password')))).rejects.toThrow('Invalid password');

    expect(account.count.aborted).toBe(1);
    await vi.waitFor(() => expect(account.count.started).toBe(2));
    stop();
  });
});
