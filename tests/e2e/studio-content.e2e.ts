import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPatternArgs } from '../../src/server/platform/media/ffmpeg.js';
import { tusUploadWhole } from '../../src/server/test-support/tus.js';
import { axeViolations } from './a11y.js';
import { eventually, signedInAccount, useBrowser } from './support.js';

// The Creator Studio's Content tab as a creator uses it: filter the table, rename a video in place,
// add captions, make it private; a guest then finds it not available. The server transcodes its demo media at
// start on one worker, so the upload's processing gets minutes.
const b = useBrowser();
const PROCESSING_MS = 240_000;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-e2e-studio-'));
let clip: Uint8Array;
beforeAll(() => {
  const file = path.join(tmp, 'studio.mp4');
  execFileSync('ffmpeg', testPatternArgs(file, 2, 320, 180), { stdio: 'ignore' });
  clip = fs.readFileSync(file);
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('Creator Studio: content', () => {
  it(
    'filters the table, edits a title in place, adds captions, makes a video private, and a guest finds it not available',
    async () => {
      const { page, username } = await signedInAccount(b, 'studio');
      const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const call = (p: string, init: RequestInit = {}) =>
        fetch(`${b.baseURL}${p}`, { ...init, headers: { cookie, origin: b.baseURL, 'content-type': 'application/json', ...init.headers } });
      const draft = async (kind: 'long' | 'short', title: string) => {
        const res = await call('/api/videos', { method: 'POST', body: JSON.stringify({ kind, title, category: 'Education' }) });
        expect(res.status).toBe(201);
        return ((await res.json()) as { id: string }).id;
      };
      // A video that gets processed, and a short that is still waiting for its file.
      const videoTitle = `Harbour walk ${username}`;
      const id = await draft('long', videoTitle);
      await draft('short', `Quick tip ${username}`);
      expect((await tusUploadWhole(b.baseURL, cookie, id, clip)).status).toBe(204);
      await eventually(async () => {
        const v = (await (await call(`/api/videos/${id}`)).json()) as { status: string };
        expect(v.status).toBe('ready');
      }, PROCESSING_MS);

      // Reached from the account menu.
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Creator Studio' }).click();
      await page.waitForURL((u) => u.pathname === '/studio');
      await expect.poll(() => page.getByRole('heading', { name: 'Creator Studio', level: 1 }).isVisible()).toBe(true);
      const table = page.getByRole('table', { name: 'Your content' });
      await table.getByRole('link', { name: videoTitle }).waitFor();
      await table.getByRole('link', { name: `Quick tip ${username}` }).waitFor();

      // Filtered to long videos: the short goes, and the address keeps the view.
      await page.getByLabel('Type', { exact: true }).selectOption('video');
      await page.waitForURL((u) => u.searchParams.get('kind') === 'video');
      await eventually(async () => expect(await table.getByRole('link', { name: `Quick tip ${username}` }).count()).toBe(0), 10_000);
      await page.getByRole('searchbox', { name: 'Search titles' }).fill('harbour');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('q') === 'harbour');
      await table.getByRole('link', { name: videoTitle }).waitFor();

      // Renamed in place.
      const renamed = `Harbour at dusk ${username}`;
      await table.getByRole('button', { name: `Edit title of “${videoTitle}”` }).click();
      const field = table.getByRole('textbox', { name: `Title of “${videoTitle}”` });
      await field.fill(renamed);
      await field.press('Enter');
      await table.getByRole('link', { name: renamed }).waitFor();
      await eventually(async () => expect(((await (await call(`/api/videos/${id}`)).json()) as { title: string }).title).toBe(renamed), 10_000);

      // Captions from the table: a file added in its dialog, which passes axe.
      await table.getByRole('button', { name: `Captions of “${renamed}”` }).click();
      const captions = page.getByRole('dialog', { name: 'Captions' });
      await captions.getByLabel('Language').selectOption({ label: 'German' });
      await captions
        .locator('input[type=file]')
        .setInputFiles({ name: 'de.vtt', mimeType: 'text/vtt', buffer: Buffer.from('WEBVTT\n\n00:00.500 --> 00:01.500\nHallo\n') });
      await captions.getByRole('list', { name: 'Captions of this video' }).getByText('German').waitFor();
      expect((await axeViolations(page, '[role="dialog"]')).map((v) => v.id)).toEqual([]);
      await page.keyboard.press('Escape');
      await captions.waitFor({ state: 'detached' });
      expect(((await (await call(`/api/videos/${id}`)).json()) as { captions: { language: string }[] }).captions.map((c) => c.language)).toEqual(['de']);

      // A guest can watch it while it is public.
      const before = await b.open(`/glint/${id}`);
      await before.getByRole('heading', { name: renamed }).waitFor();
      await before.context().close();

      // Made private from the table.
      await table.getByRole('combobox', { name: `Visibility of “${renamed}”` }).selectOption('private');
      await eventually(async () => expect(((await (await call(`/api/videos/${id}`)).json()) as { visibility: string }).visibility).toBe('private'), 10_000);
      await page.getByLabel('Visibility', { exact: true }).selectOption('private');
      await table.getByRole('link', { name: renamed }).waitFor();

      // A guest now finds it not available, and so does its media.
      const guest = await b.open(`/glint/${id}`);
      await guest.getByRole('heading', { name: 'This video is not available' }).waitFor();
      expect(await guest.getByText(renamed).count()).toBe(0);
      expect((await fetch(`${b.baseURL}/api/videos/${id}`)).status).toBe(404);
      // Its owner still watches it.
      await page.goto(`/glint/${id}`);
      await page.getByRole('heading', { name: renamed }).waitFor();
      await page.getByText('Private', { exact: true }).first().waitFor();
    },
    PROCESSING_MS + 60_000,
  );
});
