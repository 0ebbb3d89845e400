import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, CommentReplies } from '../../../shared/videos/videos.js';
import { Client, createTestApp, readyVideoRow, verifiedPerson, type TestApp } from '../../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const person = () => verifiedPerson(t.app, `cmt_${++n}`);

const comment = async (c: Client, videoId: string, body: string, parentId?: string) => {
  const res = await c.post(`/api/videos/${videoId}/comments`, parentId ? { body, parentId } : { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const top = async (c: Client, videoId: string) => (await c.get(`/api/videos/${videoId}/comments`)).json() as Comment[];
const replies = async (c: Client, commentId: string, after?: string) =>
  (await c.get(`/api/comments/${commentId}/replies${after ? `?after=${encodeURIComponent(after)}` : ''}`)).json() as CommentReplies;

describe('replies', () => {
  it('are one level deep, counted, paged oldest first, and tell the comment’s author', async () => {
    const creator = await person();
    const fan = await person();
    const other = await person();
    const videoId = await readyVideoRow(t.app, creator.id, 'Replies');
    const first = await comment(fan.c, videoId, 'What RPC do you use?');
    const answer = await comment(creator.c, videoId, 'Our own node', first);
    // A reply to a reply answers the same comment.
    await comment(other.c, videoId, 'Same here', answer);
    const list = await top(new Client(t.app), videoId);
    expect(list.map((c) => [c.body, c.replies])).toEqual([['What RPC do you use?', 2]]);
    expect((await replies(new Client(t.app), first)).replies.map((r) => [r.body, r.parentId])).toEqual([
      ['Our own node', first],
      ['Same here', first],
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/api/videos/${videoId}` })).json().comments).toBe(3);

    // The fan was told of both replies; the creator of the top-level comment only.
    const bell = (await fan.c.get('/api/notifications')).json() as { notifications: { title: string; message: string }[] };
    expect(bell.notifications.filter((x) => x.title === 'New reply').map((x) => x.message)).toEqual([
      `${other.username} replied to your comment on “Replies”`,
      `${creator.username} replied to your comment on “Replies”`,
    ]);

    // Paged: 25 replies come 20 then 5.
    for (let i = 0; i < 23; i++) await comment(fan.c, videoId, `more ${i}`, first);
    const page1 = await replies(new Client(t.app), first);
    expect(page1.replies).toHaveLength(20);
    const page2 = await replies(new Client(t.app), first, page1.next!);
    expect(page2.replies.map((r) => r.body)).toEqual(['more 18', 'more 19', 'more 20', 'more 21', 'more 22']);
    expect(page2.next).toBeNull();

    // A reply to another video's comment is refused; deleting the comment deletes its replies.
    const elsewhere = await readyVideoRow(t.app, creator.id, 'Elsewhere');
    expect((await fan.c.post(`/api/videos/${elsewhere}/comments`, { body: 'x', parentId: first })).statusCode).toBe(404);
    expect((await fan.c.request('DELETE', `/api/comments/${first}`)).statusCode).toBe(204);
    expect(await top(new Client(t.app), videoId)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/videos/${videoId}` })).json().comments).toBe(0);
  });
});

describe('the creator’s pin and hearts', () => {
  it('pin one top-level comment first and heart any; nobody else may', async () => {
    const creator = await person();
    const fan = await person();
    const videoId = await readyVideoRow(t.app, creator.id, 'Pins');
    const older = await comment(fan.c, videoId, 'older');
    const newer = await comment(fan.c, videoId, 'newer');
    const reply = await comment(creator.c, videoId, 'thanks', older);

    const refused = await fan.c.request('PUT', `/api/comments/${older}/pin`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the video’s creator can pin or heart comments.');
    expect((await fan.c.request('PUT', `/api/comments/${older}/heart`)).statusCode).toBe(403);
    expect((await new Client(t.app).request('PUT', `/api/comments/${older}/pin`)).statusCode).toBe(401);
    expect((await creator.c.request('PUT', `/api/comments/${reply}/pin`)).json().message).toBe('Only a comment, not a reply, can be pinned.');

    expect((await creator.c.request('PUT', `/api/comments/${older}/pin`)).statusCode).toBe(204);
    expect((await creator.c.request('PUT', `/api/comments/${newer}/heart`)).statusCode).toBe(204);
    expect((await top(new Client(t.app), videoId)).map((c) => [c.body, c.pinned, c.hearted])).toEqual([
      ['older', true, false],
      ['newer', false, true],
    ]);
    // One pin per video: pinning another replaces it.
    expect((await creator.c.request('PUT', `/api/comments/${newer}/pin`)).statusCode).toBe(204);
    expect((await top(new Client(t.app), videoId)).map((c) => [c.body, c.pinned])).toEqual([
      ['newer', true],
      ['older', false],
    ]);
    expect((await creator.c.request('DELETE', `/api/comments/${newer}/pin`)).statusCode).toBe(204);
    expect((await creator.c.request('DELETE', `/api/comments/${newer}/heart`)).statusCode).toBe(204);
    expect((await top(new Client(t.app), videoId)).map((c) => [c.body, c.pinned, c.hearted])).toEqual([
      ['newer', false, false],
      ['older', false, false],
    ]);
  });
});

describe('links in comments', () => {
  it('are links only for the creator, their chat moderators and staff, or to a domain the creator allows', async () => {
    const creator = await person();
    const mod = await person();
    const fan = await person();
    await creator.c.post('/api/profile/moderators', { username: mod.username });
    await creator.c.request('PUT', '/api/profile/allowed-links', { domains: ['docs.glint.example'] });
    const videoId = await readyVideoRow(t.app, creator.id, 'Links');
    await comment(fan.c, videoId, 'claim https://drainer.example/x or read https://docs.glint.example/a');
    await comment(mod.c, videoId, 'rules https://glint.example/rules');
    await comment(creator.c, videoId, 'my site https://creator.example');
    const links = Object.fromEntries((await top(new Client(t.app), videoId)).map((c) => [c.author.username, c.clickableLinks]));
    expect(links).toEqual({
      [fan.username]: ['https://docs.glint.example/a'],
      [mod.username]: ['https://glint.example/rules'],
      [creator.username]: ['https://creator.example'],
    });
  });
});
