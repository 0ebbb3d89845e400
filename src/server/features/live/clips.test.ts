import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_NOT_YOURS, type BountyDetail } from '../../../shared/bounties/bounties.js';
import type { PublicProfile } from '../../../shared/profiles/profiles.js';
import type { StreamDetail } from '../../../shared/live/streams.js';
import { CLIPS_OFF } from '../../../shared/live/live.js';
import type { VideoDetail } from '../../../shared/videos/videos.js';
import { countProcessing } from '../videos/service.js';
import { Client, createTestApp, verifiedClient, type TestApp } from '../../test-support/app.js';
import { TestWallet } from '../../test-support/wallet.js';

// Who owns a clip and who may clip. Cutting the media is live.test.ts's (it needs a real publisher);
// here a stream is made live in the database, on an ingest server that never picks up the cut, and
// a clip is made ready by hand where a rule needs a published short.
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  // The other ingest server: it takes the cut and leaves the clip processing.
  await t.app.jobs.define('live-clip-elsewhere', { handler: async () => {} });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const withWallet = async (c: Client) => {
  expect((await c.post('/api/auth/verify-wallet', await new TestWallet(t.app).linkProof(c))).statusCode).toBe(200);
  return c;
};

/** A creator live right now, a viewer who clips, and both with a linked wallet. */
async function liveStream() {
  const i = ++n;
  const creator = await withWallet(await verifiedClient(t.app, `streamer_${i}`));
  const viewer = await withWallet(await verifiedClient(t.app, `clipper_${i}`));
  const stream = (await creator.post('/api/streams', { title: `Big play #${i}`, category: 'Gaming' })).json() as StreamDetail;
  await t.database.executeSql(
    `update livestreams set status = 'live', publishing = true, started_at = now(), hls_path = $2, ingest_instance = 'elsewhere' where id = $1`,
    [stream.id, `/live/${stream.id}/1/index.m3u8`],
  );
  const clip = (who: Client, title = 'That moment') => who.post(`/api/streams/${stream.id}/clips`, { seconds: 15, title });
  return { i, creator, creatorName: `streamer_${i}`, viewer, viewerName: `clipper_${i}`, stream, clip };
}

const ready = (id: string) => t.database.executeSql(`update videos set status = 'ready', published_at = now() where id = $1`, [id]);

describe('clips belong to the stream', () => {
  it('a viewer’s clip is the stream creator’s short, credited to the viewer, who cannot edit, price, delete, claim or be tipped for it', async () => {
    const { creator, creatorName, viewer, viewerName, clip } = await liveStream();
    const made = await clip(viewer);
    expect(made.statusCode).toBe(202);
    const { videoId } = made.json() as { videoId: string };

    // While it is cut and processed it is with the creator's uploads, not the viewer's.
    const processing = (await creator.get(`/api/videos/${videoId}`)).json() as VideoDetail;
    expect(processing).toMatchObject({ status: 'processing', isOwner: true, creator: { username: creatorName }, clippedBy: { username: viewerName } });
    expect((await viewer.get(`/api/videos/${videoId}`)).statusCode).toBe(404);

    await ready(videoId);
    const seen = (await viewer.get(`/api/videos/${videoId}`)).json() as VideoDetail;
    expect(seen).toMatchObject({ isOwner: false, creator: { username: creatorName }, clippedBy: { username: viewerName } });
    // On the creator's profile, not the clipper's.
    const shortsOf = async (name: string) => ((await viewer.get(`/api/profiles/${name}`)).json() as PublicProfile).shorts.map((s) => s.id);
    expect(await shortsOf(creatorName)).toContain(videoId);
    expect(await shortsOf(viewerName)).not.toContain(videoId);

    // The clipper cannot edit, price or delete it.
    expect((await viewer.request('PATCH', `/api/videos/${videoId}`, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await viewer.request('PATCH', `/api/videos/${videoId}`, { priceUsdc: '5' })).statusCode).toBe(404);
    expect((await viewer.request('DELETE', `/api/videos/${videoId}`)).statusCode).toBe(404);
    expect((await creator.get(`/api/videos/${videoId}`)).json()).toMatchObject({ title: 'That moment', priceUsdc: null, status: 'ready' });

    // Nor claim a bounty with it; the creator can.
    const poster = await verifiedClient(t.app, `bounty_poster_${n}`);
    const bounty = await poster.post('/api/bounties', {
      title: 'Best clip of the week',
      description: 'The best moment of a live stream this week, as a short.',
      rewardSol: '0.5',
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      category: 'Gaming',
    });
    expect(bounty.statusCode, bounty.body).toBe(201);
    const { id: bountyId } = bounty.json() as BountyDetail;
    const claimWith = (c: Client) => c.post(`/api/bounties/${bountyId}/claims`, { content: { type: 'short_video', id: videoId }, note: 'Here it is' });
    const stolen = await claimWith(viewer);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(CLAIM_NOT_YOURS);
    expect((await claimWith(creator)).statusCode).toBe(201);

    // Nor be tipped as its creator; a tip for it goes to the stream's creator.
    const fan = await verifiedClient(t.app, `fan_${n}`);
    const fanProof = new TestWallet(t.app);
    expect((await fan.post('/api/auth/verify-wallet', await fanProof.linkProof(fan))).statusCode).toBe(200);
    const fanWallet = fanProof.address;
    const tip = (to: string) => fan.post('/api/tips', { to, amountSol: '0.1', fromWallet: fanWallet, content: { type: 'short_video', id: videoId } });
    expect((await tip(viewerName)).statusCode).toBe(400);
    expect((await tip(creatorName)).statusCode).toBe(201);
  });

  it('the creator deletes a clip a viewer made of their stream', async () => {
    const { creator, viewer, clip } = await liveStream();
    const { videoId } = (await clip(viewer)).json() as { videoId: string };
    await ready(videoId);
    expect((await creator.request('DELETE', `/api/videos/${videoId}`)).statusCode).toBe(204);
    expect((await viewer.get(`/api/videos/${videoId}`)).statusCode).toBe(404);
    expect((await creator.get(`/api/videos/${videoId}`)).statusCode).toBe(404);
  });

  it('a creator turns clips off: viewers are refused with a reason, the creator still clips', async () => {
    const { creator, viewer, stream, clip } = await liveStream();
    expect((await creator.get('/api/profile')).json()).toMatchObject({ allowClips: true });
    expect((await viewer.get(`/api/streams/${stream.id}`)).json()).toMatchObject({ clipsAllowed: true });

    const off = await creator.request('PATCH', '/api/profile', { allowClips: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ allowClips: false });
    expect((await viewer.get(`/api/streams/${stream.id}`)).json()).toMatchObject({ clipsAllowed: false });
    const refused = await clip(viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'clips_off', message: CLIPS_OFF });
    // Another person's setting is not the viewer's to change.
    expect((await viewer.request('PATCH', '/api/profile', { allowClips: true })).json()).toMatchObject({ allowClips: true });
    expect((await clip(viewer)).statusCode).toBe(403);
    expect((await clip(creator, 'My own moment')).statusCode).toBe(202);

    expect((await creator.request('PATCH', '/api/profile', { allowClips: 'no' })).statusCode).toBe(400);
    expect((await new Client(t.app).request('PATCH', '/api/profile', { allowClips: true })).statusCode).toBe(401);

    expect((await creator.request('PATCH', '/api/profile', { allowClips: true })).statusCode).toBe(200);
    expect((await clip(viewer)).statusCode).toBe(202);
  });

  it('counts a clip against the limit of who made it, not the creator it belongs to', async () => {
    const { creator, viewer, stream, clip } = await liveStream();
    for (let i = 0; i < 5; i++) expect((await clip(viewer, `Moment ${i}`)).statusCode).toBe(202);
    expect((await clip(viewer)).statusCode).toBe(429);
    expect((await clip(creator, 'Still mine to make')).statusCode).toBe(202);
    // Viewers' clips in processing do not hold up the creator's own uploads; the creator's clip does.
    expect(await countProcessing(t.app.db, stream.creator.id)).toBe(1);
  });
});
