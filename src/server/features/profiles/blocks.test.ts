import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/chat/chat.js';
import type { StreamDetail } from '../../../shared/live/streams.js';
import { livestreams } from '../live/schema.js';
import { Client, createTestApp, readyVideoRow, verifiedPerson, type TestApp } from '../../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const person = () => verifiedPerson(t.app, `blk_${++n}`);

describe('blocking an account', () => {
  it('hides its chat messages, comments and notifications from the blocker only, until unblocked', async () => {
    const viewer = await person();
    const troll = await person();
    const creator = await person();

    // Before the block: the troll follows the viewer (a notification) and talks in a chat and under a video.
    expect((await troll.c.request('PUT', `/api/profiles/${viewer.username}/follow`)).statusCode).toBe(200);
    const stream = (await creator.c.post('/api/streams', { title: 'Blocks', category: 'Trading' })).json() as StreamDetail;
    await t.database.db.update(livestreams).set({ status: 'live', startedAt: new Date() }).where(eq(livestreams.id, stream.id));
    expect((await troll.c.post(`/api/streams/${stream.id}/chat`, { body: 'you are all wrong' })).statusCode).toBe(201);
    const videoId = await readyVideoRow(t.app, creator.id, 'Blocks video');
    expect((await troll.c.post(`/api/videos/${videoId}/comments`, { body: 'first!' })).statusCode).toBe(201);
    const bell = async () => (await viewer.c.get('/api/notifications')).json() as { notifications: { type: string }[]; unread: number };
    expect((await bell()).unread).toBe(1);

    const self = await viewer.c.request('PUT', `/api/profiles/${viewer.username}/block`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot block yourself.');
    expect((await new Client(t.app).request('PUT', `/api/profiles/${troll.username}/block`)).statusCode).toBe(401);
    expect((await viewer.c.request('PUT', `/api/profiles/${troll.username}/block`)).json()).toEqual({ blocked: true });
    expect((await viewer.c.get('/api/profile/blocked')).json().blocked.map((b: { user: { id: string } }) => b.user.id)).toEqual([troll.id]);

    const chatOf = async (c: Client) => ((await c.get(`/api/streams/${stream.id}/chat`)).json() as { messages: ChatMessage[] }).messages.map((m) => m.body);
    const commentsOf = async (c: Client) => ((await c.get(`/api/videos/${videoId}/comments`)).json() as { body: string }[]).map((m) => m.body);
    expect(await chatOf(viewer.c)).toEqual([]);
    expect(await commentsOf(viewer.c)).toEqual([]);
    expect(await bell()).toMatchObject({ notifications: [], unread: 0 });
    // Others still see it all.
    expect(await chatOf(new Client(t.app))).toEqual(['you are all wrong']);
    expect(await commentsOf(creator.c)).toEqual(['first!']);

    // A new action of the blocked account reaches the blocker not at all.
    expect((await troll.c.request('DELETE', `/api/profiles/${viewer.username}/follow`)).statusCode).toBe(200);
    expect((await troll.c.request('PUT', `/api/profiles/${viewer.username}/follow`)).statusCode).toBe(200);
    expect((await bell()).unread).toBe(0);

    expect((await viewer.c.request('DELETE', `/api/profiles/${troll.username}/block`)).json()).toEqual({ blocked: false });
    expect(await chatOf(viewer.c)).toEqual(['you are all wrong']);
    expect(await commentsOf(viewer.c)).toEqual(['first!']);
    expect((await bell()).unread).toBe(1);
    expect((await viewer.c.get('/api/profile/blocked')).json().blocked).toEqual([]);
  });
});
