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

describe('changeSession holds the other API calls', () => {
  const fetched: string[] = [];
  afterEach(() => {
    vi.unstubAllGlobals();
    fetched.length = 0;
  });

  it('drops an account fetch that starts during the request, and sends a guest call after it', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let finishPost!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(new URL(url, 'http://localhost').pathname);
        if (url.endsWith('/api/auth/sign-out')) await new Promise<void>((r) => (finishPost = r));
        return new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const { api } = await import('../../lib/api');
    const signingOut = changeSession(client, () => api('/api/auth/sign-out', { method: 'POST', json: {} }));
    await vi.waitFor(() => expect(fetched).toEqual(['/api/auth/sign-out']));

    // A refetch on focus, or a realtime event, while the server ends the session.
    const notifications = client.fetchQuery({ queryKey: ['notifications', 'u1'], queryFn: ({ signal }) => api('/api/notifications', { signal }) });
    const feed = api('/api/videos');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetched).toEqual(['/api/auth/sign-out']);

    finishPost();
    await signingOut;
    await expect(notifications).rejects.toThrow();
    await feed;
    expect(fetched).toEqual(['/api/auth/sign-out', '/api/videos']);
  });
});
