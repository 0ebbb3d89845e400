import { expect, it } from 'vitest';
import { createStreamWithKey, eventually, PHONE, publishLikeObs, signedInAccount, useBrowser } from './support.js';

// Live chat as its people meet it: a creator is live (ffmpeg plays OBS), a guest reads along, a
// signed-in fan writes, everyone sees it at once, and the creator removes it for everyone, bans
// the fan (their messages go too) and lifts the ban from the list of restricted chatters.
const b = useBrowser();

it('a guest reads the chat, a fan’s message reaches every viewer at once, the creator deletes it for all, bans the fan and lifts the ban', async () => {
  const { page: host } = await signedInAccount(b, 'host');
  const { streamPath, rtmpUrl } = await createStreamWithKey(host, 'Chatty charts');
  const { obs } = publishLikeObs(rtmpUrl, 50);
  try {
    // The creator's own page learns it is live from the room, without a reload.
    await host.getByTestId('live-player').waitFor({ timeout: 25_000 });

    const guest = await b.open(streamPath);
    const guestChat = guest.getByTestId('chat-panel');
    await guestChat.getByText('No messages yet').waitFor();
    await guestChat.getByRole('button', { name: 'Sign in to chat' }).waitFor();
    expect(await guestChat.getByRole('textbox').count()).toBe(0);
    // Viewers are counted from the sockets in the room: the creator and the guest at least.
    await eventually(
      async () => expect(Number(/(\d+) watching/.exec((await guest.getByTestId('stream-viewers').textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(2),
      10_000,
    );

    const { page: fan, username: fanName } = await signedInAccount(b, 'fan');
    await fan.goto(streamPath);
    const input = fan.getByTestId('chat-panel').getByRole('textbox', { name: 'Chat message' });
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    await input.fill('gm see https://glint.example/charts');
    await input.press('Enter');
    const firstSent = Date.now();
    const fanChat = fan.getByTestId('chat-panel');
    await fanChat.getByTestId('chat-message').filter({ hasText: 'gm see' }).waitFor({ timeout: 10_000 });
    expect(await fanChat.getByRole('alert').count()).toBe(0);
    await expect.poll(() => input.inputValue({ timeout: 5_000 }), { timeout: 15_000 }).toBe('');

    // The guest's page gets it over the room, not by polling (the chat never polls).
    const line = guestChat.getByTestId('chat-message').filter({ hasText: 'gm see' });
    await line.waitFor({ timeout: 5_000 });
    // A chatter's address stays text: only the creator's and staff's are links (drainers spread by links).
    await line.getByText('https://glint.example/charts').waitFor();
    expect(await line.getByRole('link', { name: 'https://glint.example/charts' }).count()).toBe(0);

    const hostLine = host.getByTestId('chat-panel').getByTestId('chat-message').filter({ hasText: 'gm see' });
    await hostLine.waitFor({ timeout: 5_000 });
    await hostLine.getByRole('button', { name: /Moderate the message from/ }).click();
    await host.getByRole('menuitem', { name: 'Delete message' }).click();

    await line.waitFor({ state: 'detached', timeout: 5_000 });
    await fan.getByTestId('chat-panel').getByTestId('chat-message').filter({ hasText: 'gm see' }).waitFor({ state: 'detached', timeout: 5_000 });
    await guestChat.getByText('No messages yet').waitFor();

    // A ban takes the chatter's messages away for everyone; the creator lifts it from the list.
    // One message a second per person: on a fast run the next one would be refused, rightly.
    await new Promise((r) => setTimeout(r, Math.max(0, firstSent + 1500 - Date.now())));
    await input.fill('buy my coin');
    await input.press('Enter');
    const spam = guestChat.getByTestId('chat-message').filter({ hasText: 'buy my coin' });
    await spam.waitFor({ timeout: 10_000 });
    const hostSpam = host.getByTestId('chat-panel').getByTestId('chat-message').filter({ hasText: 'buy my coin' });
    await hostSpam.getByRole('button', { name: /Moderate the message from/ }).click();
    await host.getByRole('menuitem', { name: 'Ban from chat' }).click();
    await spam.waitFor({ state: 'detached', timeout: 5_000 });
    await fanChat.getByTestId('chat-message').filter({ hasText: 'buy my coin' }).waitFor({ state: 'detached', timeout: 5_000 });

    await host.getByTestId('chat-panel').getByRole('button', { name: 'Restricted chatters' }).click();
    const list = host.getByRole('dialog', { name: 'Restricted chatters' });
    const row = list.getByTestId('restricted-chatter').filter({ hasText: `@${fanName}` });
    await row.getByText('Banned').waitFor();
    await row.getByRole('button', { name: /^Lift the ban on / }).click();
    await host.getByText('ban is lifted').waitFor();
    await list.getByText('No restricted chatters').waitFor();
    await host.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
  } finally {
    obs.kill('SIGKILL');
  }
}, 150_000);

it('on a phone the chat opens in a sheet, read-only for a guest until the stream is live', async () => {
  const { page: host } = await signedInAccount(b, 'soon');
  await host.goto('/submit');
  await host.getByRole('tab', { name: 'Go live' }).click();
  const form = host.getByRole('form', { name: 'Go live' });
  await form.getByLabel('Title').fill('Later today');
  await form.getByLabel('Category').selectOption({ label: 'Trading' });
  await form.getByRole('button', { name: 'Create stream' }).click();
  await host.waitForURL((u) => u.pathname.startsWith('/stream/'));
  const streamPath = new URL(host.url()).pathname;

  const guest = await b.open(streamPath, { viewport: PHONE, isMobile: true, hasTouch: true });
  expect(await guest.getByTestId('chat-panel').count()).toBe(0);
  await guest.getByRole('button', { name: 'Open live chat' }).click();
  const sheet = guest.getByRole('dialog', { name: 'Live chat' });
  await sheet.getByText('No messages yet').waitFor();
  await sheet.getByText('Chat opens when the stream is live.').waitFor();
  await sheet.getByRole('button', { name: 'Sign in to chat' }).click();
  // The sign-in dialog takes over from the sheet.
  await guest
    .getByRole('dialog')
    .filter({ hasText: /sign in|log in/i })
    .first()
    .waitFor();
});

it('a creator appoints a moderator by username, who times out a spammer in slow mode and approves a message blocked words held; the moderator is marked in chat and pins a message', async () => {
  const { page: host } = await signedInAccount(b, 'chan');
  const { streamPath, rtmpUrl } = await createStreamWithKey(host, 'Modded charts');
  const { obs } = publishLikeObs(rtmpUrl, 240);
  try {
    await host.getByTestId('live-player').waitFor({ timeout: 25_000 });
    const hostChat = host.getByTestId('chat-panel');

    // The moderator-to-be is already watching: their chat gains its tools when they are appointed.
    const { page: mod, username: modName } = await signedInAccount(b, 'mod');
    await mod.goto(streamPath);
    const modChat = mod.getByTestId('chat-panel');
    await modChat.getByRole('textbox', { name: 'Chat message' }).waitFor();
    expect(await modChat.getByRole('button', { name: 'Restricted chatters' }).count()).toBe(0);

    await hostChat.getByRole('button', { name: 'Moderators' }).click();
    const team = host.getByRole('dialog', { name: 'Your moderators' });
    await team.getByText('No moderators yet').waitFor();
    await team.getByLabel('Username').fill('nobody_here_at_all');
    await team.getByRole('button', { name: 'Add moderator' }).click();
    await team.getByText('No one has this username.').waitFor();
    await team.getByLabel('Username').fill(`@${modName}`);
    await team.getByRole('button', { name: 'Add moderator' }).click();
    await team
      .getByTestId('channel-moderator')
      .filter({ hasText: `@${modName}` })
      .waitFor();
    await host.keyboard.press('Escape');
    await team.waitFor({ state: 'detached' });

    // Slow mode, set by the creator: one message every 30 seconds.
    await hostChat.getByRole('button', { name: 'Modes' }).click();
    const rules = host.getByTestId('chat-rules');
    await rules.getByLabel('Slow mode').selectOption('30');
    await rules.getByRole('button', { name: 'Save' }).click();
    await hostChat.getByText('Slow 30s').waitFor();

    const { page: spammer } = await signedInAccount(b, 'spam');
    await spammer.goto(streamPath);
    const spamChat = spammer.getByTestId('chat-panel');
    const spamInput = spamChat.getByRole('textbox', { name: 'Chat message' });
    await expect.poll(() => spamInput.isEnabled(), { timeout: 45_000 }).toBe(true);
    await spamInput.fill('pump my bags');
    await spamInput.press('Enter');
    await spamChat.getByTestId('chat-message').filter({ hasText: 'pump my bags' }).waitFor({ timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 1_200));
    await spamInput.fill('pump my bags again');
    await spamInput.press('Enter');
    await spamChat.getByRole('alert').filter({ hasText: 'Slow mode is on: one message every 30 seconds. Wait a moment and try again.' }).waitFor();

    // The moderator's chat now has its tools, without a reload; they time the spammer out.
    await modChat.getByRole('button', { name: 'Restricted chatters' }).waitFor({ timeout: 10_000 });
    const spamLine = modChat.getByTestId('chat-message').filter({ hasText: 'pump my bags' });
    await spamLine.getByRole('button', { name: /Moderate the message from/ }).click();
    await mod.getByRole('menuitem', { name: 'Time out 5 minutes' }).click();
    await mod.getByText('is timed out for 5 minutes').waitFor();

    // Timed out, the spammer is told until when; the moderator, held to no mode, writes twice and is marked.
    await spamInput.fill('let me talk');
    await spamInput.press('Enter');
    await spamChat.getByRole('alert').filter({ hasText: 'You are timed out in this chat until' }).waitFor();
    const modInput = modChat.getByRole('textbox', { name: 'Chat message' });
    await modInput.fill('keep it clean please');
    await modInput.press('Enter');
    // A second message a second after the first is kept (the server compares with the first one's
    // stored time, so the wait starts once it is in the chat).
    await modChat.getByTestId('chat-message').filter({ hasText: 'keep it clean please' }).waitFor({ timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 1_200));
    await modInput.fill('thanks all');
    await modInput.press('Enter');
    const modLine = spamChat.getByTestId('chat-message').filter({ hasText: 'thanks all' });
    await modLine.getByTestId('mod-badge').waitFor({ timeout: 10_000 });
    // Pinned by the moderator above everyone's chat.
    await modChat
      .getByTestId('chat-message')
      .filter({ hasText: 'keep it clean please' })
      .getByRole('button', { name: /Moderate the message from/ })
      .click();
    await mod.getByRole('menuitem', { name: 'Pin message' }).click();
    await spamChat.getByRole('complementary', { name: 'Pinned message' }).getByText('keep it clean please').waitFor({ timeout: 10_000 });

    // The creator sees who did it.
    await hostChat.getByRole('button', { name: 'Restricted chatters' }).click();
    const list = host.getByRole('dialog', { name: 'Restricted chatters' });
    await list.getByTestId('restricted-chatter').getByText('Timed out').waitFor();
    expect(await list.getByTestId('restricted-chatter').textContent()).toContain(`by ${modName}`);
    await host.keyboard.press('Escape');

    // Blocked words, held for review: the creator sets them in Settings; a fan's match waits for the
    // moderator, who approves it into everyone's chat.
    await host.goto('/settings');
    const words = host.locator('[data-settings-section="blocked-words"]');
    await words.getByLabel('Blocked words, one per line').fill('moon*\nscam.example');
    await words.getByRole('button', { name: 'Save blocked words' }).click();
    await words.getByText('“scam.example”: Use letters, digits, spaces and * only').waitFor();
    await words.getByLabel('Blocked words, one per line').fill('moon*');
    await words.getByLabel('Hold for review instead of refusing').check();
    await words.getByRole('button', { name: 'Save blocked words' }).click();
    await host.getByText('Blocked words saved').waitFor();

    const { page: fan } = await signedInAccount(b, 'fan');
    await fan.goto(streamPath);
    const fanInput = fan.getByTestId('chat-panel').getByRole('textbox', { name: 'Chat message' });
    await expect.poll(() => fanInput.isEnabled(), { timeout: 15_000 }).toBe(true);
    await fanInput.fill('wen mooning');
    await fanInput.press('Enter');
    const fanLine = fan.getByTestId('chat-panel').getByTestId('chat-message').filter({ hasText: 'wen mooning' });
    await fanLine.getByTestId('chat-held').waitFor();
    await modChat.getByRole('button', { name: /^Held/ }).click();
    const held = mod.getByRole('dialog', { name: 'Held messages' });
    await held
      .getByTestId('held-message')
      .filter({ hasText: 'wen mooning' })
      .getByRole('button', { name: /^Approve the message/ })
      .click();
    await held.getByText('Nothing held').waitFor();
    await spamChat.getByTestId('chat-message').filter({ hasText: 'wen mooning' }).waitFor({ timeout: 10_000 });
    await fanLine.getByTestId('chat-held').waitFor({ state: 'detached', timeout: 10_000 });
  } finally {
    obs.kill('SIGKILL');
  }
}, 240_000);
