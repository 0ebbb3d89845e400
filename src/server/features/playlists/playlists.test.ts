import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PLAYLIST_VIDEOS,
  MAX_PLAYLISTS,
  ORDER_MISMATCH,
  PLAYLIST_FULL,
  PLAYLIST_NOT_FOUND,
  TOO_MANY_PLAYLISTS,
  WATCH_LATER_FIXED,
  type PlaylistDetail,
  type PlaylistSummary,
} from '../../../shared/playlists/playlists.js';
import { sanctions } from '../../access/schema.js';
import { videos } from '../videos/schema.js';
import { playlistItems, playlists } from './schema.js';
import { Client, createTestApp, readyVideoRow, verifiedPerson, type TestApp } from '../../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const person = () => verifiedPerson(t.app, `pl_${++n}`);
const guest = () => new Client(t.app);

describe('playlists', () => {
  it('makes playlists of each visibility: private refused to others, unlisted by its link only, public on the profile', async () => {
    const owner = await person();
    const other = await person();
    const video = await readyVideoRow(t.app, owner.id, 'Lesson one');
    const make = async (visibility: string) => {
      const res = await owner.c.post('/api/playlists', { title: `  A ${visibility} one `, visibility, videoId: video });
      expect(res.statusCode).toBe(201);
      return res.json() as PlaylistDetail;
    };
    const pub = await make('public');
    const unlisted = await make('unlisted');
    const priv = await make('private');
    expect(pub).toMatchObject({ title: 'A public one', visibility: 'public', videoCount: 1, isOwner: true, owner: { id: owner.id } });
    expect(pub.videos.map((v) => v.title)).toEqual(['Lesson one']);

    for (const c of [guest(), other.c]) {
      expect((await c.get(`/api/playlists/${pub.id}`)).json()).toMatchObject({ title: 'A public one', isOwner: false });
      expect((await c.get(`/api/playlists/${unlisted.id}`)).json()).toMatchObject({ title: 'A unlisted one', videoCount: 1 });
      const refused = await c.get(`/api/playlists/${priv.id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(PLAYLIST_NOT_FOUND);
    }
    expect((await owner.c.get(`/api/playlists/${priv.id}`)).json()).toMatchObject({ visibility: 'private', isOwner: true });

    // The profile lists the public one only; the owner's own list has all, Watch later first.
    const onProfile = (await guest().get(`/api/profiles/${owner.username}/playlists`)).json() as PlaylistSummary[];
    expect(onProfile.map((p) => p.id)).toEqual([pub.id]);
    expect((await guest().get('/api/profiles/nobody_at_all/playlists')).statusCode).toBe(404);
    const mine = (await owner.c.get(`/api/playlists?videoId=${video}`)).json() as PlaylistSummary[];
    expect(mine.map((p) => [p.title, p.hasVideo, p.videoCount])).toEqual([
      ['Watch later', false, 0],
      ['A private one', true, 1],
      ['A unlisted one', true, 1],
      ['A public one', true, 1],
    ]);
    expect((await guest().get('/api/playlists')).statusCode).toBe(401);
    // Ids that are no uuid are simply not found.
    expect((await guest().get('/api/playlists/not-a-uuid')).statusCode).toBe(404);

    // Banned: the owner's playlists are gone for everyone (the profile says banned).
    await t.database.db.insert(sanctions).values({ userId: owner.id, kind: 'ban' });
    expect((await guest().get(`/api/playlists/${pub.id}`)).statusCode).toBe(404);
    expect((await guest().get(`/api/profiles/${owner.username}/playlists`)).statusCode).toBe(410);
  });

  it('refuses every write to a stranger: 404 on a private playlist, 403 on one they may see', async () => {
    const owner = await person();
    const stranger = await person();
    const video = await readyVideoRow(t.app, owner.id, 'Mine');
    const pub = (await owner.c.post('/api/playlists', { title: 'Shown', visibility: 'public', videoId: video })).json() as PlaylistDetail;
    const priv = (await owner.c.post('/api/playlists', { title: 'Hidden', videoId: video })).json() as PlaylistDetail;
    for (const [list, status] of [
      [pub, 403],
      [priv, 404],
    ] as const) {
      const writes = [
        await stranger.c.request('PATCH', `/api/playlists/${list.id}`, { title: 'Taken' }),
        await stranger.c.request('DELETE', `/api/playlists/${list.id}`),
        await stranger.c.post(`/api/playlists/${list.id}/items`, { videoId: video }),
        await stranger.c.request('DELETE', `/api/playlists/${list.id}/items/${video}`),
        await stranger.c.request('PUT', `/api/playlists/${list.id}/order`, { videoIds: [video] }),
      ];
      expect(writes.map((r) => r.statusCode)).toEqual(Array(5).fill(status));
      for (const r of [
        await guest().request('PATCH', `/api/playlists/${list.id}`, { title: 'Taken' }),
        await guest().request('DELETE', `/api/playlists/${list.id}`),
        await guest().post(`/api/playlists/${list.id}/items`, { videoId: video }),
      ])
        expect(r.statusCode).toBe(401);
    }
    // Nothing changed.
    expect((await owner.c.get(`/api/playlists/${pub.id}`)).json()).toMatchObject({ title: 'Shown', videoCount: 1 });
    expect((await owner.c.get(`/api/playlists/${priv.id}`)).json()).toMatchObject({ title: 'Hidden', videoCount: 1 });
  });

  it('adds, removes and reorders; edits and deletes; checks what it is sent', async () => {
    const owner = await person();
    const [a, b, c] = [await readyVideoRow(t.app, owner.id, 'A'), await readyVideoRow(t.app, owner.id, 'B'), await readyVideoRow(t.app, owner.id, 'C')];
    const list = (await owner.c.post('/api/playlists', { title: 'Order' })).json() as PlaylistDetail;
    expect(list).toMatchObject({ visibility: 'private', description: '', videoCount: 0 });
    const titles = async () => ((await owner.c.get(`/api/playlists/${list.id}`)).json() as PlaylistDetail).videos.map((v) => v.title);
    for (const id of [a, b, c, a]) expect((await owner.c.post(`/api/playlists/${list.id}/items`, { videoId: id })).statusCode).toBe(204);
    expect(await titles()).toEqual(['A', 'B', 'C']);

    const moved = await owner.c.request('PUT', `/api/playlists/${list.id}/order`, { videoIds: [c, a, b] });
    expect((moved.json() as PlaylistDetail).videos.map((v) => v.title)).toEqual(['C', 'A', 'B']);
    // Ids it does not hold, or twice, are refused with the reason.
    for (const videoIds of [[c, c, a], [c, a, b, '00000000-0000-4000-8000-000000000000'], ['nope']]) {
      const bad = await owner.c.request('PUT', `/api/playlists/${list.id}/order`, { videoIds });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(ORDER_MISMATCH);
    }
    expect((await owner.c.request('DELETE', `/api/playlists/${list.id}/items/${a}`)).statusCode).toBe(204);
    expect((await owner.c.request('DELETE', `/api/playlists/${list.id}/items/not-an-id`)).statusCode).toBe(204);
    expect(await titles()).toEqual(['C', 'B']);
    // Added again: last.
    await owner.c.post(`/api/playlists/${list.id}/items`, { videoId: a });
    expect(await titles()).toEqual(['C', 'B', 'A']);

    // Adding a video that does not exist, or someone else's private one, is refused.
    const other = await person();
    const theirs = await readyVideoRow(t.app, other.id, 'Theirs');
    await t.database.db.update(videos).set({ visibility: 'private' }).where(eq(videos.id, theirs));
    expect((await owner.c.post(`/api/playlists/${list.id}/items`, { videoId: theirs })).statusCode).toBe(404);
    expect((await owner.c.post(`/api/playlists/${list.id}/items`, { videoId: 'x' })).statusCode).toBe(404);

    // Edits: validated with the shared messages.
    const edit = (body: unknown) => owner.c.request('PATCH', `/api/playlists/${list.id}`, body);
    expect((await edit({ title: '   ' })).json().message).toMatch(/Give your playlist a title/);
    expect((await edit({ title: 'x'.repeat(101) })).json().message).toMatch(/at most 100 characters/);
    expect((await edit({ description: 'x'.repeat(1001) })).json().message).toMatch(/at most 1000 characters/);
    expect((await edit({ visibility: 'secret' })).statusCode).toBe(400);
    expect((await edit({ title: 'Renamed', description: 'Best first', visibility: 'unlisted' })).json()).toMatchObject({
      title: 'Renamed',
      description: 'Best first',
      visibility: 'unlisted',
    });
    expect((await owner.c.request('DELETE', `/api/playlists/${list.id}`)).statusCode).toBe(204);
    expect((await owner.c.get(`/api/playlists/${list.id}`)).statusCode).toBe(404);
    // The videos stay.
    expect((await owner.c.get(`/api/videos/${a}`)).statusCode).toBe(200);
  });

  it('keeps Watch later: made on first use, toggled, private, and not to be renamed, published or deleted', async () => {
    const viewer = await person();
    const creator = await person();
    const video = await readyVideoRow(t.app, creator.id, 'Later');
    const first = await viewer.c.post(`/api/watch-later/${video}`);
    expect(first.json()).toMatchObject({ saved: true });
    const laterId = first.json().playlistId as string;
    expect((await viewer.c.get(`/api/playlists/${laterId}`)).json()).toMatchObject({
      title: 'Watch later',
      watchLater: true,
      visibility: 'private',
      videoCount: 1,
    });
    expect((await creator.c.get(`/api/playlists/${laterId}`)).statusCode).toBe(404);
    expect((await viewer.c.post(`/api/watch-later/${video}`)).json()).toEqual({ saved: false, playlistId: laterId });
    expect((await viewer.c.post(`/api/watch-later/${video}`)).json()).toEqual({ saved: true, playlistId: laterId });
    expect((await viewer.c.post('/api/watch-later/not-a-video')).statusCode).toBe(404);
    for (const body of [{ title: 'Mine now' }, { visibility: 'public' }]) {
      const refused = await viewer.c.request('PATCH', `/api/playlists/${laterId}`, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(WATCH_LATER_FIXED);
    }
    expect((await viewer.c.request('DELETE', `/api/playlists/${laterId}`)).statusCode).toBe(403);
    // One Watch later per person, however often it is asked for.
    await Promise.all([viewer.c.get('/api/playlists'), viewer.c.get('/api/playlists')]);
    const rows = await t.database.db.select().from(playlists).where(eq(playlists.ownerId, viewer.id));
    expect(rows.filter((r) => r.watchLater)).toHaveLength(1);
  });

  it('lists only videos its viewer may watch: not removed, not private to someone else, not of a banned creator', async () => {
    const owner = await person();
    const creator = await person();
    const banned = await person();
    const [kept, hidden, removed, ofBanned, mine] = [
      await readyVideoRow(t.app, creator.id, 'Kept'),
      await readyVideoRow(t.app, creator.id, 'Made private'),
      await readyVideoRow(t.app, creator.id, 'Removed'),
      await readyVideoRow(t.app, banned.id, 'Of a banned creator'),
      await readyVideoRow(t.app, owner.id, 'My private one'),
    ];
    const list = (await owner.c.post('/api/playlists', { title: 'Mixed', visibility: 'public' })).json() as PlaylistDetail;
    for (const id of [kept, hidden, removed, ofBanned, mine]) await owner.c.post(`/api/playlists/${list.id}/items`, { videoId: id });
    await t.database.db.update(videos).set({ visibility: 'private' }).where(eq(videos.id, hidden));
    await t.database.db.update(videos).set({ visibility: 'private' }).where(eq(videos.id, mine));
    await t.database.db.update(videos).set({ takenDownAt: new Date() }).where(eq(videos.id, removed));
    await t.database.db.insert(sanctions).values({ userId: banned.id, kind: 'ban' });
    const seenBy = async (c: Client) => ((await c.get(`/api/playlists/${list.id}`)).json() as PlaylistDetail).videos.map((v) => v.title);
    expect(await seenBy(owner.c)).toEqual(['Kept', 'My private one']);
    expect(await seenBy(guest())).toEqual(['Kept']);
    expect(((await guest().get(`/api/profiles/${owner.username}/playlists`)).json() as PlaylistSummary[])[0]).toMatchObject({ videoCount: 1 });
    // Reordering what the owner sees keeps the hidden ones, after.
    await owner.c.request('PUT', `/api/playlists/${list.id}/order`, { videoIds: [mine, kept] });
    expect(await seenBy(owner.c)).toEqual(['My private one', 'Kept']);
    await t.database.db.update(videos).set({ visibility: 'public' }).where(eq(videos.id, hidden));
    expect(await seenBy(owner.c)).toEqual(['My private one', 'Kept', 'Made private']);
  });

  it('holds the limits: playlists per person, videos per playlist', async () => {
    const owner = await person();
    const video = await readyVideoRow(t.app, owner.id, 'One more');
    // The setup in the database; the limits are what is tested.
    const rows = Array.from({ length: MAX_PLAYLISTS }, (_, i) => ({ ownerId: owner.id, title: `P${i}`, visibility: 'private' as const }));
    const made = await t.database.db.insert(playlists).values(rows).returning({ id: playlists.id });
    const tooMany = await owner.c.post('/api/playlists', { title: 'One too many' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(TOO_MANY_PLAYLISTS);

    const full = made[0]!.id;
    const fillers = await t.database.db
      .insert(videos)
      .values(
        Array.from({ length: MAX_PLAYLIST_VIDEOS }, () => ({
          ownerId: owner.id,
          kind: 'long' as const,
          title: 'f',
          slug: 'f',
          category: 'defi',
          status: 'ready' as const,
        })),
      )
      .returning({ id: videos.id });
    await t.database.db.insert(playlistItems).values(fillers.map((f, position) => ({ playlistId: full, videoId: f.id, position })));
    const over = await owner.c.post(`/api/playlists/${full}/items`, { videoId: video });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(PLAYLIST_FULL);
  });
});
