// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamDetail, StreamStats } from '../../../shared/live/streams';
import { AuthDialogProvider } from '../auth/auth-dialog-context';
import { SessionProvider } from '../auth/session';
import { RealtimeProvider } from '../realtime/realtime-provider';
import { FakeSocket } from '../../test-support/fake-socket';
import { mountPerTest } from '../../test-support/mount';
import StudioStreamScreen from './studio-stream-screen';

// jsdom draws no canvas: the charts are checked in Chromium; here the numbers are read from their tables.
vi.mock('../studio-analytics/line-chart', () => ({ LineChart: () => null }));

const ID = '6f1c2a4e-0000-4000-8000-0000000000aa';
const OWNER = { id: 'owner-1', username: 'caster', displayName: 'Caster' };
const stream: StreamDetail = {
  id: ID,
  title: 'Friday AMA',
  slug: 'friday-ama',
  category: 'trading',
  status: 'scheduled',
  thumbnailUrl: null,
  scheduledAt: '2030-12-01T18:00:00.000Z',
  startedAt: null,
  endedAt: null,
  viewerCount: 0,
  peakViewers: 0,
  token: null,
  creator: { ...OWNER, avatarUrl: null, verificationType: 'none' },
  description: 'Ask anything',
  tags: ['ama'],
  hlsUrl: null,
  recordingVideoId: null,
  clipsAllowed: true,
};

const stats: StreamStats = {
  startedAt: '2030-12-01T18:00:20.000Z',
  endedAt: '2030-12-01T18:02:40.000Z',
  minutes: [
    { at: '2030-12-01T18:00:00.000Z', viewers: 3, chatMessages: 0 },
    { at: '2030-12-01T18:01:00.000Z', viewers: 12, chatMessages: 7 },
    { at: '2030-12-01T18:02:00.000Z', viewers: 5, chatMessages: 2 },
  ],
  peakViewers: 12,
  averageViewers: 6.7,
  chatMessages: 9,
  tips: [{ at: '2030-12-01T18:01:30.000Z', sol: '0.5', from: { username: 'fan', displayName: 'Fan' }, message: 'gm' }],
  tipsSol: '0.5',
};

const me = (who: typeof OWNER | null) =>
  who
    ? {
        user: { id: who.id, email: `${who.username}@example.com`, emailVerified: true, twoFactorEnabled: false },
        profile: { ...who, avatarUrl: null },
        roles: [],
      }
    : { user: null, profile: null };

const mount = mountPerTest();
let signedIn: typeof OWNER | null;
let streamAnswer: () => Response;
let statsReads: number;
beforeEach(() => {
  FakeSocket.all = [];
  statsReads = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
  streamAnswer = () => Response.json(stream);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/me') return Response.json(me(signedIn));
      if (path === `/api/streams/${ID}`) return streamAnswer();
      if (path === '/api/live/key') return Response.json({ server: '', hasKey: false, key: null });
      if (path === `/api/studio/analytics/streams/${ID}`) {
        statsReads++;
        return Response.json(stats);
      }
      return Response.json({ code: 'not_found', message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const render = () => {
  const router = createMemoryRouter([{ path: '/studio/streams/:id', element: <StudioStreamScreen /> }], { initialEntries: [`/studio/streams/${ID}`] });
  act(() =>
    mount.root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionProvider>
          <RealtimeProvider>
            <AuthDialogProvider>
              <RouterProvider router={router} />
            </AuthDialogProvider>
          </RealtimeProvider>
        </SessionProvider>
      </QueryClientProvider>,
    ),
  );
};
const until = (check: () => void) => act(() => vi.waitFor(check, { timeout: 2000, interval: 20 }));
const heading = () => mount.host.querySelector('h1')?.textContent;
const buttons = () => [...mount.host.querySelectorAll('button')].map((b) => b.textContent?.trim());

describe('a stream’s studio page', () => {
  it('shows its creator the stream’s details and what can be done now', async () => {
    signedIn = OWNER;
    render();
    await until(() => expect(heading()).toBe('Manage stream'));
    expect(mount.host.querySelector<HTMLInputElement>('input[value="Friday AMA"]')).not.toBeNull();
    expect(mount.host.querySelector('[data-testid="stream-scheduled-at"]')?.getAttribute('datetime')).toBe(stream.scheduledAt);
    expect(buttons()).toEqual(expect.arrayContaining(['Reschedule', 'Cancel stream', 'Save changes', 'Delete stream']));
    expect(buttons()).not.toContain('End stream');
  });

  it('is “not available” to anyone else, a guest too, as for a stream that is not there', async () => {
    for (const who of [{ id: 'other-2', username: 'someone', displayName: 'Someone' }, null]) {
      signedIn = who;
      render();
      await until(() => expect(heading()).toBe('This stream is not available'));
      expect(buttons()).not.toContain('Delete stream');
      act(() => mount.root.render(null));
    }
    signedIn = OWNER;
    streamAnswer = () => Response.json({ code: 'not_found', message: 'This stream is not available' }, { status: 404 });
    render();
    await until(() => expect(heading()).toBe('This stream is not available'));
  });

  it('offers a live stream’s creator End stream, and a delete only once it has ended', async () => {
    signedIn = OWNER;
    streamAnswer = () => Response.json({ ...stream, status: 'live', startedAt: '2030-12-01T18:00:00.000Z', scheduledAt: null });
    render();
    await until(() => expect(buttons()).toContain('End stream'));
    const remove = [...mount.host.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Delete stream');
    expect(remove?.disabled).toBe(true);
    expect(mount.host.textContent).toContain('End the stream before deleting it.');
  });

  it('tells the creator of an ended stream how it went: figures, viewers and chat per minute as tables, and its tips', async () => {
    signedIn = OWNER;
    streamAnswer = () => Response.json({ ...stream, status: 'ended', startedAt: stats.startedAt, endedAt: stats.endedAt, scheduledAt: null });
    render();
    await until(() => expect(mount.host.querySelector('[data-testid="stream-stats"]')).not.toBeNull());
    const figures = [...mount.host.querySelectorAll('[data-testid="stream-stats"] dd')].map((d) => d.textContent);
    expect(figures).toEqual(['12', '6.7', '9', '0.5 SOL']);
    expect(mount.host.querySelector('[data-testid="stream-stats"] h2')?.textContent).toBe('How it went');
    const table = (caption: string) => [...mount.host.querySelectorAll('table')].find((t) => t.querySelector('caption')?.textContent === caption);
    const cells = (caption: string) => [...(table(caption)?.querySelectorAll('tbody tr') ?? [])].map((r) => [...r.children].slice(1).map((c) => c.textContent));
    expect(cells('Viewers')).toEqual([['3'], ['12'], ['5']]);
    expect(cells('Chat messages per minute')).toEqual([['0'], ['7'], ['2']]);
    expect(cells('Tips during the stream')).toEqual([['@fan', '0.5', 'gm']]);
  });

  it('shows a live stream’s creator the control room: the figures, the stream’s health as it is reported, and tips as they arrive', async () => {
    signedIn = OWNER;
    streamAnswer = () => Response.json({ ...stream, status: 'live', startedAt: '2030-12-01T18:00:00.000Z', scheduledAt: null, viewerCount: 4, peakViewers: 9 });
    render();
    await until(() => expect(mount.host.querySelector('[data-testid="live-control-room"]')).not.toBeNull());
    const figures = () => [...mount.host.querySelectorAll('[data-testid="live-figures"] dd')].map((d) => d.textContent);
    expect(figures().slice(0, 2)).toEqual(['4', '9']);
    const health = () => mount.host.querySelector<HTMLElement>('[data-testid="stream-health"]')!;
    expect(health().dataset.verdict).toBe('waiting');
    const socket = FakeSocket.all.at(-1)!;
    socket.accept(OWNER.id);
    const report = { inputKbps: 3000, fps: 30, speed: 1, unsteadyPerSecond: 0, droppedFrames: 2, duplicatedFrames: 1, at: '2030-12-01T18:05:00.000Z' };
    // Another stream's report is not this one's.
    socket.emit('stream.health', { ...report, streamId: 'another' });
    expect(health().dataset.verdict).toBe('waiting');
    socket.emit('stream.health', { ...report, streamId: ID });
    expect(health().dataset.verdict).toBe('good');
    expect(health().textContent).toContain('Excellent');
    expect([...health().querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['3,000 kbps', '30 fps', '1.00×', '2 / 1']);
    socket.emit('stream.health', { ...report, streamId: ID, speed: 0.7 });
    expect(health().textContent).toContain('Falling behind');
    // A tip on this stream: its figures are read again at once.
    await until(() => expect(statsReads).toBe(1));
    socket.emit('notification.created', {
      id: 'n1',
      type: 'donation',
      title: 'New tip',
      message: 'Fan tipped 0.5 SOL',
      isRead: false,
      createdAt: '2030-12-01T18:05:00.000Z',
      contentId: ID,
      contentType: 'livestream',
      actor: null,
    });
    await until(() => expect(statsReads).toBe(2));
  });
});
