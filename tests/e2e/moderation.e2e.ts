import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client.js';
import { userRoles } from '../../src/server/access/schema.js';
import { videos } from '../../src/server/features/videos/schema.js';
import { eventually, useBrowser } from './support.js';
import { freePort } from '../../src/server/test-support/net.js';

// A report's whole journey in Chromium: a user reports a video, a moderator removes it from
// /admin/reports, the owner is told in the bell, and the video is gone from lists and search.
// The moderator's role is written straight into the database, so this file runs its own server on
// its own embedded database: started to make the accounts, stopped to grant the role, started again.

const b = useBrowser();
const entry = path.resolve('dist/server/src/server/main.js');
const PW = 'Str0ng!Passw0rd';
const suffix = Date.now().toString(36).slice(-5);
const TITLE = `Free airdrop claim ${suffix}`;

let port: number;
let base: string;
let dataDir: string;
let child: ChildProcess | undefined;
let videoId: string;
const people: Record<'owner' | 'reporter' | 'moderator', { username: string; email: string; id?: string }> = {
  owner: { username: `own${suffix}`, email: `own${suffix}@example.com` },
  reporter: { username: `rep${suffix}`, email: `rep${suffix}@example.com` },
  moderator: { username: `mod${suffix}`, email: `mod${suffix}@example.com` },
};

async function startServer() {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SEED: 'none',
    RTMP_PORT: '-1',
    LOGIN_LIMIT_PER_ADDRESS: '500',
  };
  delete env.DATABASE_URL;
  child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  await eventually(async () => expect((await fetch(`${base}/api/health`)).ok).toBe(true), 60_000);
}

async function stopServer() {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child!.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function signUp(who: { username: string; email: string }) {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: who.email, username: who.username, name: '', password: PW }),
  });
  expect(res.status).toBe(200);
  const id = ((await res.json()) as { user: { id: string } }).user.id;
  const link = await eventually(async () => {
    const mails = (await (await fetch(`${base}/api/dev/outbox.json`)).json()) as { to: string; text: string }[];
    const mail = mails.find((m) => m.to === who.email);
    expect(mail).toBeDefined();
    return /https?:\/\/\S+/.exec(mail!.text)![0];
  });
  expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
  return id;
}

/** A page of this server, signed in as `who` (the session cookie set by the page's own sign-in call). */
async function signedIn(who: { email: string }): Promise<Page> {
  const page = await b.open('/app', { baseURL: base });
  const status = await page.evaluate(
    async ({ email, password }) =>
      (await fetch('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) }))
        .status,
    { email: who.email, password: PW },
  );
  expect(status).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
  return page;
}

const listed = async () => {
  const list = (await (await fetch(`${base}/api/videos?kind=long&limit=48`)).json()) as { id: string }[];
  const search = (await (await fetch(`${base}/api/search?q=${encodeURIComponent(TITLE)}`)).json()) as { videos: { id: string }[] };
  return { list: list.some((v) => v.id === videoId), search: search.videos.some((v) => v.id === videoId) };
};

beforeAll(async () => {
  if (!fs.existsSync(entry)) throw new Error('The app is not built: run `npm run build` before the end-to-end tests.');
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-moderation-e2e-'));
  await startServer();
  for (const who of Object.values(people)) who.id = await signUp(who);
  await stopServer();
  // The moderator's role and the owner's published video, written while the server is down.
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    await database.db.insert(userRoles).values({ userId: people.moderator.id!, role: 'moderator' });
    const [video] = await database.db
      .insert(videos)
      .values({
        ownerId: people.owner.id!,
        kind: 'long',
        title: TITLE,
        slug: 'free-airdrop-claim',
        description: 'Connect your wallet to claim.',
        category: 'other',
        status: 'ready',
        publishedAt: new Date(),
      })
      .returning();
    videoId = video!.id;
  } finally {
    await database.close();
  }
  await startServer();
}, 180_000);

afterAll(async () => {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('reports and moderation', () => {
  it('a user reports a video, a moderator removes it from /admin/reports, the owner is told, and it is gone from lists and search', async () => {
    expect(await listed()).toEqual({ list: true, search: true });

    // The reporter.
    const reporter = await signedIn(people.reporter);
    await reporter.goto(`/glint/${videoId}`);
    await reporter.getByRole('heading', { name: TITLE }).waitFor();
    await reporter.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = reporter.getByRole('dialog', { name: 'Report this video' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Choose a reason').waitFor();
    await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
    await dialog.getByRole('textbox', { name: /Details/ }).fill('It asks for your seed phrase.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await reporter.getByText('Report received').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The moderator.
    const moderator = await signedIn(people.moderator);
    await moderator.goto('/admin/reports');
    await moderator.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const entry = moderator.getByTestId('report-entry').filter({ hasText: TITLE });
    await entry.click();
    const kase = moderator.getByTestId('report-case');
    await kase.getByText('It asks for your seed phrase.').waitFor();
    await kase.getByTestId('item-in-place').getByRole('heading', { name: TITLE }).waitFor();
    await expect.poll(() => kase.getByRole('combobox', { name: 'Rule broken' }).inputValue()).toBe('scam');
    await kase.getByRole('radio', { name: 'Remove content' }).check();
    await kase.getByRole('textbox', { name: /Note for the audit log/ }).fill('Wallet drainer');
    await kase.getByRole('button', { name: 'Remove content' }).click();
    await moderator.getByText('Removed: the owner is told').waitFor();
    await moderator.getByText('No reports waiting').waitFor();

    // The owner hears it in the bell.
    const owner = await signedIn(people.owner);
    const bell = owner.getByRole('button', { name: 'Notifications', exact: true });
    await bell.locator('[data-slot="unread-badge"]').waitFor();
    await bell.click();
    const popover = owner.getByRole('dialog', { name: 'Notifications' });
    await popover.getByText('Content removed').waitFor();
    await popover.getByText(`Your video “${TITLE}” was removed for breaking Glint’s rules (scam or fraud).`).waitFor();

    // Gone from lists and search, and its page says why.
    expect(await listed()).toEqual({ list: false, search: false });
    const toVideo = (page: Page) => page.locator(`a[href*="${videoId}"]`);
    const guest = await b.open(`/search?q=${encodeURIComponent(TITLE)}`, { baseURL: base });
    await guest.getByRole('heading', { name: 'No results', exact: false }).first().waitFor();
    expect(await toVideo(guest).count()).toBe(0);
    // The only video of this server's database is gone: the list is empty.
    await guest.goto('/glint');
    await guest.getByRole('heading', { name: 'No videos yet' }).waitFor();
    expect(await toVideo(guest).count()).toBe(0);
    await guest.goto(`/glint/${videoId}`);
    await guest.getByRole('heading', { name: 'This video was removed' }).waitFor();
    await guest.getByText('This video was removed for breaking Glint’s rules.').waitFor();

    // And the reporter hears the outcome.
    await reporter.reload();
    await reporter.getByRole('button', { name: 'Notifications', exact: true }).click();
    await reporter.getByRole('dialog', { name: 'Notifications' }).getByText(`Thanks for your report: we removed the video “${TITLE}”.`).waitFor();
  });
});
