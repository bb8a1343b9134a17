import type { Page } from '@playwright/test';
import { STUB_ORIGIN } from '../support/ports';
import { expect, namespace, pastUndo, stubLog, test } from './fixtures';
import { scriptedVoice } from './scripted-voice';
import { expectLegible } from './visual';

// #55 item 6: End asks nothing and can be undone for a few seconds; a call shows one end control; a reload in the
// middle of a call says so, its restored log open at its newest line.
const GREETING = 'Hi! Ask me about our opening hours, prices or a free slot.';
const ENDED = 'Conversation ended. Press Undo within a few seconds to keep it.';

async function openChat(page: Page, ns = namespace()) {
  await page.goto('/examples/text-chat.html');
  const chat = page.locator('#chat');
  await chat.evaluate((el, url) => el.setAttribute('api-url', url), `${STUB_ORIGIN}/chat/ok/${ns}`);
  const field = chat.getByRole('textbox', { name: 'Message to the AI agent' });
  const log = chat.getByRole('log', { name: 'Conversation' });
  return { chat, field, log, requests: async () => (await stubLog(ns)).map((r) => JSON.parse(r.body)) };
}

async function talk(page: Page) {
  const opened = await openChat(page);
  await opened.field.fill('Do you open on Sunday?');
  await opened.field.press('Enter');
  await expect(opened.log.locator('.caption').last()).toHaveText('Agent: Hello! You said: “Do you open on Sunday?”.');
  await expect(opened.log.locator('.caption').last()).not.toHaveAttribute('aria-hidden');
  return opened;
}

test('End asks nothing, keeps the lines for a few seconds with Undo (announced, focused); Undo goes on in the same session', async ({
  page,
}) => {
  const { chat, field, log, requests } = await talk(page);
  await chat.getByRole('button', { name: 'End', exact: true }).click();
  // Nothing is asked, and nothing is gone yet.
  await expect(chat.getByRole('status')).toHaveText(ENDED);
  await expect(log.locator('.caption')).toHaveCount(3);
  const undo = chat.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();
  await expectLegible(page, '#chat');
  await page.keyboard.press('Enter');
  await expect(log.locator('.caption')).toHaveCount(3);
  await expect(chat.getByRole('status')).not.toHaveText(ENDED);
  await expect(undo).toHaveCount(0);
  await expect(field).toBeFocused();
  // Undone, the provider's session was never closed: the conversation goes on in it.
  await field.fill('Thanks');
  await field.press('Enter');
  await expect(log.locator('.caption').last()).toHaveText('Agent: Hello! You said: “Thanks”.');
  const sent = await requests();
  expect(sent.some((r) => r.sessionEnd)).toBe(false);
  expect(sent.at(-1)).toMatchObject({ input: 'Thanks', sessionId: expect.stringMatching(/^session-/) });
});

test('after the few seconds, the conversation is cleared and its session closed; a reload meanwhile starts afresh', async ({
  page,
}) => {
  const { chat, log, requests } = await talk(page);
  await chat.getByRole('button', { name: 'End', exact: true }).click();
  await expect(chat.getByRole('status')).toHaveText(ENDED);
  await expect(log.locator('.caption')).toHaveCount(3);
  await expect(log.locator('.caption')).toHaveText([`Agent: ${GREETING}`], pastUndo());
  await expect(chat.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect.poll(async () => (await requests()).at(-1)).toMatchObject({ sessionEnd: true });

  const again = await talk(page);
  await again.chat.getByRole('button', { name: 'End', exact: true }).click();
  await expect(again.chat.getByRole('status')).toHaveText(ENDED);
  await page.reload();
  await expect(page.locator('#chat').getByRole('log').locator('.caption')).toHaveText([`Agent: ${GREETING}`]);
});

test('sending new words in the few seconds begins the next conversation with them', async ({ page }) => {
  const { chat, field, log } = await talk(page);
  await chat.getByRole('button', { name: 'End', exact: true }).click();
  await expect(chat.getByRole('status')).toHaveText(ENDED);
  await field.fill('A new question');
  await field.press('Enter');
  await expect(log.locator('.caption')).toHaveText([
    `Agent: ${GREETING}`,
    'You: A new question',
    'Agent: Hello! You said: “A new question”.',
  ]);
});

for (const width of [390, 1280])
  test(`the end of a conversation, with Undo, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const { chat } = await talk(page);
    await chat.getByRole('button', { name: 'End', exact: true }).click();
    await expect(chat.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.evaluate(() => document.fonts.ready);
    await expect(chat).toHaveScreenshot(`conversation-ended-${width}.png`);
  });

/** A hybrid card with a scripted client, its call up. */
async function hybridCall(page: Page) {
  await page.goto('/examples/empty.html');
  await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
  await page.locator('#stage').evaluate((stage) => {
    stage.innerHTML =
      '<ai-voice-demo id="both" mode="hybrid" public-key="test-public-key" assistant-id="test-assistant" greeting="Hi, talk or type."></ai-voice-demo>';
  });
  const voice = page.locator('#both');
  await voice.hover();
  const emit = await scriptedVoice(page, '#both');
  await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await emit('call-start');
  await expect(voice.getByRole('status')).toHaveText('Click to end the call');
  return { voice, emit };
}

test('a call shows one end control: the call button; End comes back after the call, in the same place', async ({
  page,
}) => {
  const { voice, emit } = await hybridCall(page);
  const end = voice.getByRole('button', { name: /\bend\b/i });
  await expect(end).toHaveCount(1);
  await expect(end).toHaveAccessibleName('End the call');
  const send = await voice.getByRole('button', { name: 'Send' }).boundingBox();
  await emit('call-end');
  await expect(voice.getByRole('button', { name: 'End', exact: true })).toBeVisible();
  expect(await voice.getByRole('button', { name: 'Send' }).boundingBox()).toEqual(send);
});

test('a reload in the middle of a call says the call ended, the restored log open at its newest line, before React and after', async ({
  page,
}) => {
  const { voice, emit } = await hybridCall(page);
  for (let i = 1; i <= 12; i++)
    await emit('message', {
      type: 'transcript',
      role: i % 2 ? 'assistant' : 'user',
      transcriptType: 'final',
      transcript: `Line ${i} of a long call, long enough to take two lines of the log at its width.`,
    });
  await expect(voice.getByRole('log').locator('.caption').last()).toContainText('Line 12');
  await page.reload();
  await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
  await page.locator('#stage').evaluate((stage) => {
    stage.innerHTML =
      '<ai-voice-demo id="both" mode="hybrid" public-key="test-public-key" assistant-id="test-assistant" greeting="Hi, talk or type."></ai-voice-demo>';
  });
  const log = page.locator('#both').getByRole('log');
  await expect(log.locator('.caption').last()).toHaveText('The call ended when the page reloaded.');
  const atEnd = () =>
    log.evaluate((el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop) <= 2 && el.scrollTop > 0);
  // The first paint, before the visitor reached for the card (React not there yet).
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => /react/i.test(r.name)))).toBe(
    false,
  );
  expect(await atEnd()).toBe(true);
  // And once React has taken over.
  await page.locator('#both').getByRole('textbox').focus();
  await page.locator('#both').getByRole('textbox').fill('Still there?');
  await expect.poll(atEnd).toBe(true);
  await expect(log.locator('.caption').last()).toHaveText('The call ended when the page reloaded.');
  await expect(page.locator('#both').getByRole('status')).toHaveText('Click to experience our AI agent');
});
