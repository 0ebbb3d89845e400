import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_LANGUAGES, CAPTION_MAX_TRACKS, CAPTION_TOO_MANY_TRACKS, CAPTIONS_LOCKED } from '../../../shared/videos/captions.js';
import type { VideoDetail } from '../../../shared/videos/videos.js';
import { videoCaptions, videos } from './schema.js';
import { Client, createTestApp, readyVideoRow, verifiedPerson, type TestApp } from '../../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const person = () => verifiedPerson(t.app, `capt_${++n}`);
const SRT = '1\r\n00:00:01,000 --> 00:00:03,000\r\nHello <b>there</b>\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,000\r\nSecond line\r\n';

describe('captions', () => {
  it('an SRT becomes a WebVTT track on the video; a bad file is refused with the reason and keeps nothing; a stranger changes nothing', async () => {
    const creator = await person();
    const stranger = await person();
    const guest = new Client(t.app);
    const id = await readyVideoRow(t.app, creator.id, 'Subtitled');
    await t.database.db.update(videos).set({ durationSeconds: 60 }).where(eq(videos.id, id));

    const put = await creator.c.request('PUT', `/api/videos/${id}/captions/pt-br`, { content: SRT });
    expect(put.statusCode).toBe(200);
    const track = put.json();
    expect(track).toMatchObject({ language: 'pt-BR', label: 'Brazilian Portuguese', cues: 2 });
    expect(track.url).toMatch(new RegExp(`^/api/videos/${id}/captions/pt-BR\\?v=`));

    // Everyone who may watch the video gets it, as WebVTT, from its page's address.
    expect(((await guest.get(`/api/videos/${id}`)).json() as VideoDetail).captions).toEqual([track]);
    const vtt = await guest.get(track.url);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.headers['cache-control']).toBe('public, max-age=300');
    expect(vtt.body).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello <b>there</b>\n\n00:00:04.000 --> 00:00:06.000\nSecond line\n');
    const again = await t.app.inject({ url: track.url, headers: { 'if-none-match': vtt.headers.etag as string } });
    expect(again.statusCode).toBe(304);

    // A file that cannot be read: refused with the line, the track kept as it was.
    const bad = await creator.c.request('PUT', `/api/videos/${id}/captions/pt-BR`, { content: '1\n00:00:09,000 --> 00:00:02,000\nOops\n' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Line 2: this caption ends (00:00:02,000) before it starts (00:00:09,000).');
    const late = await creator.c.request('PUT', `/api/videos/${id}/captions/en`, { content: '1\n00:05:00,000 --> 00:05:02,000\nAfter the end\n' });
    expect(late.json().message).toBe('Line 2: this caption starts at 5:00, after the video ends (1:00).');
    expect((await guest.get(track.url)).body).toContain('Hello <b>there</b>');

    // A language that is none, or a path in its place.
    expect((await creator.c.request('PUT', `/api/videos/${id}/captions/english`, { content: SRT })).statusCode).toBe(400);
    expect((await guest.get(`/api/videos/${id}/captions/..%2f..%2fconfig`)).statusCode).toBe(400);
    expect((await guest.get(`/api/videos/${id}/captions/de`)).statusCode).toBe(404);

    // Someone else's video: no writes.
    expect((await stranger.c.request('PUT', `/api/videos/${id}/captions/de`, { content: SRT })).statusCode).toBe(404);
    expect((await stranger.c.request('DELETE', `/api/videos/${id}/captions/pt-BR`)).statusCode).toBe(404);
    expect((await guest.request('PUT', `/api/videos/${id}/captions/de`, { content: SRT })).statusCode).toBe(401);

    // Replaced with a label of the creator's; then removed.
    const relabelled = await creator.c.request('PUT', `/api/videos/${id}/captions/pt-BR`, { content: SRT, label: 'Português' });
    expect(relabelled.json()).toMatchObject({ label: 'Português' });
    expect(relabelled.json().url).not.toBe(track.url);
    expect((await creator.c.request('DELETE', `/api/videos/${id}/captions/pt-BR`)).statusCode).toBe(204);
    expect(((await guest.get(`/api/videos/${id}`)).json() as VideoDetail).captions).toEqual([]);
    expect((await creator.c.request('DELETE', `/api/videos/${id}/captions/pt-BR`)).statusCode).toBe(404);
  });

  it(`keeps ${CAPTION_MAX_TRACKS} languages at most`, async () => {
    const creator = await person();
    const id = await readyVideoRow(t.app, creator.id, 'Many languages');
    await t.database.db
      .insert(videoCaptions)
      .values(CAPTION_LANGUAGES.slice(0, CAPTION_MAX_TRACKS).map((language) => ({ videoId: id, language, label: language, vtt: 'WEBVTT\n', cueCount: 1 })));
    const over = await creator.c.request('PUT', `/api/videos/${id}/captions/${CAPTION_LANGUAGES[CAPTION_MAX_TRACKS]}`, { content: SRT });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(CAPTION_TOO_MANY_TRACKS);
    // Replacing one of them is not one more.
    expect((await creator.c.request('PUT', `/api/videos/${id}/captions/en`, { content: SRT })).statusCode).toBe(200);
  });

  it('a priced video’s captions go only to those who may watch it, a private one’s only to its owner', async () => {
    const creator = await person();
    const viewer = await person();
    const guest = new Client(t.app);
    const id = await readyVideoRow(t.app, creator.id, 'Paid lesson');
    const track = (await creator.c.request('PUT', `/api/videos/${id}/captions/en`, { content: SRT })).json();
    await t.database.db.update(videos).set({ priceMicroUsdc: 1_000_000 }).where(eq(videos.id, id));
    await t.app.readCache.invalidate();

    for (const c of [guest, viewer.c]) {
      expect(((await c.get(`/api/videos/${id}`)).json() as VideoDetail).captions).toEqual([]);
      const refused = await c.get(track.url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(CAPTIONS_LOCKED);
    }
    const own = await creator.c.get(track.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');

    await t.database.db.update(videos).set({ priceMicroUsdc: null, visibility: 'private' }).where(eq(videos.id, id));
    expect((await viewer.c.get(track.url)).statusCode).toBe(404);
    expect((await guest.get(track.url)).statusCode).toBe(404);
    expect((await creator.c.get(track.url)).statusCode).toBe(200);
  });
});
