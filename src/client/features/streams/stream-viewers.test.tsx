// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamDetail } from '../../../shared/live/streams';
import { SessionProvider } from '../auth/session';
import { RealtimeProvider } from '../realtime/realtime-provider';
import { FakeSocket } from '../../test-support/fake-socket';
import { mountPerTest } from '../../test-support/mount';
import { useStream } from './queries';

const STREAM_ID = '6f1c2a4e-0000-4000-8000-000000000001';

/** A guest's read of the stream: answered from the server's read cache, from before they counted. */
const staleRead = { id: STREAM_ID, status: 'live', viewerCount: 0, peakViewers: 1 } as Partial<StreamDetail>;

const mount = mountPerTest();
let reads: number;
beforeEach(() => {
  FakeSocket.all = [];
  reads = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/me') return Response.json({ user: null, profile: null });
      if (path === `/api/streams/${STREAM_ID}`) {
        reads++;
        return Response.json(staleRead);
      }
      return Response.json({ code: 'not_found', message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Watching() {
  const { data } = useStream(STREAM_ID);
  return <p>{data ? `${data.viewerCount} watching, peak ${data.peakViewers}` : 'loading'}</p>;
}

const render = () =>
  act(() =>
    mount.root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionProvider>
          <RealtimeProvider>
            <Watching />
          </RealtimeProvider>
        </SessionProvider>
      </QueryClientProvider>,
    ),
  );

const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));
const until = (check: () => void, timeout = 1000) => act(() => vi.waitFor(check, { timeout, interval: 20 }));
const joins = (socket: FakeSocket) => socket.sent.filter((m) => (m as { type?: string }).type === 'join');

describe('a stream page’s viewer count', () => {
  it('is the count the server tells on joining, not a stale read of the stream, and is told again after a reconnect', async () => {
    render();
    await until(() => expect(mount.host.textContent).toBe('0 watching, peak 1'));
    expect(FakeSocket.all).toHaveLength(1);
    const first = FakeSocket.all[0]!;
    first.accept();
    expect(joins(first)).toEqual([{ type: 'join', streamId: STREAM_ID }]);
    first.emit('stream.joined', { streamId: STREAM_ID });
    first.emit('stream.viewers', { streamId: STREAM_ID, viewers: 3, peak: 5 });
    // The join makes the page read the stream again; that read lands after the count, and is stale.
    await until(() => expect(reads).toBeGreaterThanOrEqual(2));
    await settle();
    expect(mount.host.textContent).toBe('3 watching, peak 5');

    // The room's later counts replace it.
    first.emit('stream.viewers', { streamId: STREAM_ID, viewers: 4, peak: 5 });
    expect(mount.host.textContent).toBe('4 watching, peak 5');
    // Another stream's count is not this one's.
    first.emit('stream.viewers', { streamId: '6f1c2a4e-0000-4000-8000-000000000002', viewers: 40, peak: 40 });
    expect(mount.host.textContent).toBe('4 watching, peak 5');

    // The socket drops and comes back: the page joins again and shows the count it is told then.
    first.drop();
    await until(() => expect(FakeSocket.all).toHaveLength(2), 3000);
    const second = FakeSocket.all[1]!;
    second.accept();
    expect(joins(second)).toEqual([{ type: 'join', streamId: STREAM_ID }]);
    second.emit('stream.joined', { streamId: STREAM_ID });
    second.emit('stream.viewers', { streamId: STREAM_ID, viewers: 2, peak: 5 });
    await settle();
    expect(mount.host.textContent).toBe('2 watching, peak 5');
  });
});
