import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, HistoryPage } from '../../../shared/videos/history.js';
import { videos } from './schema.js';
import { Client, createTestApp, readyVideoRow, verifiedPerson, type TestApp } from '../../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const person = () => verifiedPerson(t.app, `hist_${++n}`);

describe('watch history', () => {
  it('records what a viewer starts (videos and shorts), where they stop, newest first; removes, clears and pauses', async () => {
    const creator = await person();
    const viewer = await person();
    const first = await readyVideoRow(t.app, creator.id, 'First');
    const second = await readyVideoRow(t.app, creator.id, 'Second');
    const short = await readyVideoRow(t.app, creator.id, 'A short');
    await t.database.db.update(videos).set({ kind: 'short' }).where(eq(videos.id, short));
    await t.database.db.update(videos).set({ durationSeconds: 600 }).where(eq(videos.id, first));
    const history = async (c: Client = viewer.c) => (await c.get('/api/history')).json() as HistoryPage;
    const view = (id: string) => viewer.c.post(`/api/videos/${id}/view`, {});

    expect((await new Client(t.app).get('/api/history')).statusCode).toBe(401);
    expect(await history()).toEqual({ entries: [], more: false, paused: false });
    await view(first);
    await viewer.c.request('PUT', `/api/videos/${first}/progress`, { positionSeconds: 125 });
    await view(short);
    await view(second);
    expect((await history()).entries.map((e) => [e.video.title, e.positionSeconds])).toEqual([
      ['Second', 0],
      ['A short', 0],
      ['First', 125],
    ]);
    // Only the viewer's own: someone else's history is theirs.
    expect((await history(creator.c)).entries).toEqual([]);

    // "Continue watching": long videos stopped partway through.
    expect(((await viewer.c.get('/api/history/continue')).json() as HistoryEntry[]).map((e) => e.video.title)).toEqual(['First']);

    expect((await viewer.c.request('DELETE', `/api/history/${second}`)).statusCode).toBe(204);
    // An id that is no video's removes nothing, without an error.
    expect((await viewer.c.request('DELETE', '/api/history/..%252f..%252f')).statusCode).toBe(204);
    expect((await history()).entries.map((e) => e.video.title)).toEqual(['A short', 'First']);

    // Paused: nothing new is recorded, nor where one stops.
    expect((await viewer.c.request('PUT', '/api/history/paused', { paused: true })).json()).toEqual({ paused: true });
    await view(second);
    await viewer.c.request('PUT', `/api/videos/${first}/progress`, { positionSeconds: 300 });
    expect(await history()).toMatchObject({ paused: true, entries: [{ video: { title: 'A short' } }, { video: { title: 'First' }, positionSeconds: 125 }] });
    await viewer.c.request('PUT', '/api/history/paused', { paused: false });

    // A video made private by its owner leaves the viewer's history; clearing empties it.
    await t.database.db.update(videos).set({ visibility: 'private' }).where(eq(videos.id, short));
    expect((await history()).entries.map((e) => e.video.title)).toEqual(['First']);
    expect((await viewer.c.request('DELETE', '/api/history')).statusCode).toBe(204);
    expect((await history()).entries).toEqual([]);
    expect((await viewer.c.get(`/api/videos/${first}`)).json().resumeAt).toBeNull();
  });
});
