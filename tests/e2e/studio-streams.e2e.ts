import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useAxe } from './a11y.js';
import { eventually, signedInAccount } from './support.js';

// A creator manages an upcoming stream from its studio page: it never goes live, so this file runs
// in the `browser` group beside the others.
const { b, scanRoutes } = useAxe();

/** A `datetime-local` value `days` ahead at 18:30 on the browser's clock, and that time as ISO. */
const localTime = (page: Page, days: number) =>
  page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead * 86_400_000);
    d.setHours(18, 30, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    return { local: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`, iso: d.toISOString() };
  }, days);

it('a creator reschedules an upcoming stream from its studio page, sees the new time, and a reminded fan is told it', async () => {
  const { page } = await signedInAccount(b, 'studio');
  await page.goto('/submit');
  await page.getByRole('tab', { name: 'Go live' }).click();
  const form = page.getByRole('form', { name: 'Go live' });
  await form.getByLabel('Title').fill('Friday AMA');
  await form.getByLabel('Category').selectOption({ label: 'Trading' });
  await form.getByRole('radio', { name: /^Later/ }).check();
  const first = await localTime(page, 2);
  await form.getByLabel('Starts at').fill(first.local);
  await form.getByRole('button', { name: 'Schedule stream' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/stream/'));
  const streamPath = new URL(page.url()).pathname;
  const id = streamPath.split('/').pop()!;

  // A fan asks to be told when it starts.
  const fan = await signedInAccount(b, 'amafan');
  await fan.page.goto(streamPath);
  await fan.page.getByRole('button', { name: 'Notify me' }).click();
  await fan.page.getByRole('button', { name: 'Reminder set' }).waitFor();

  // The creator opens the stream's studio page from its page.
  await page.getByRole('link', { name: 'Manage' }).click();
  await page.waitForURL((u) => u.pathname === `/studio/streams/${id}`);
  await page.getByRole('heading', { name: 'Manage stream', level: 1 }).waitFor();
  const scheduled = page.getByTestId('stream-scheduled-at');
  expect(await scheduled.getAttribute('datetime')).toBe(first.iso);

  const next = await localTime(page, 4);
  const reschedule = page.getByRole('form', { name: 'Reschedule' });
  await reschedule.getByLabel('New start time').fill(next.local);
  await reschedule.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule this stream?' });
  await dialog.getByText('Everyone who asked to be reminded is told the new time.').waitFor();
  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  await page.getByText('Stream rescheduled').first().waitFor();
  await eventually(async () => expect(await scheduled.getAttribute('datetime')).toBe(next.iso));
  const shown = await scheduled.innerText();
  expect(shown).not.toBe('');

  // Its page says the new time too.
  await page.getByRole('link', { name: 'View stream page' }).click();
  await page.waitForURL((u) => u.pathname.endsWith(`/${id}`) && u.pathname.startsWith('/stream/'));
  await page.locator(`[data-testid="stream-page"] time[datetime="${next.iso}"]`).first().waitFor();

  // The fan, still on the stream's page, sees the new time without a reload; their bell rang with it.
  await fan.page.locator(`[data-testid="stream-page"] time[datetime="${next.iso}"]`).first().waitFor();
  const bell = fan.page.getByRole('button', { name: 'Notifications', exact: true });
  await eventually(async () => expect(await bell.locator('[data-slot="unread-badge"]').innerText()).toBe('1'), 15_000);
  await bell.click();
  await fan.page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /moved “Friday AMA” to .* UTC/ })
    .waitFor();

  // The studio page passes axe in both themes, at desktop and phone width.
  expect(await scanRoutes(page, 'creator', [`/studio/streams/${id}`])).toEqual([]);
}, 150_000);
