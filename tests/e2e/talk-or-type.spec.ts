import type { Page } from '@playwright/test';
import type { ChatBehaviour } from '../support/fake-chat';
import { STUB_ORIGIN } from '../support/ports';
import { axeViolations } from './axe';
import { events, expect, namespace, pastUndo, recordEvents, stubLog, test } from './fixtures';
import { expectLegible } from './visual';

// A typed conversation with the agent (`mode="text"`), against a local fake of the provider's
// `/chat/web` (tests/support/fake-chat.ts): streamed answers, its session, and every failure.
const GREETING = 'Hi! Ask me about our opening hours, prices or a free slot.';

/** The example page, its widget pointed at the fake chat; counts microphone requests. */
async function openChat(
  page: Page,
  behaviour: ChatBehaviour,
  ns = namespace(),
  attributes: Record<string, string> = {},
) {
  await page.addInitScript(() => {
    const w = window as unknown as { microphone: number };
    w.microphone = 0;
    navigator.mediaDevices.getUserMedia = () => (w.microphone++, Promise.reject(new Error('not asked for')));
  });
  await page.goto('/examples/text-chat.html');
  const chat = page.locator('#chat');
  await chat.evaluate(
    (el, [url, extra]) => {
      el.setAttribute('api-url', url as string);
      for (const [name, value] of Object.entries(extra as Record<string, string>)) el.setAttribute(name, value);
    },
    [`${STUB_ORIGIN}/chat/${behaviour}/${ns}`, attributes] as const,
  );
  const field = chat.getByRole('textbox', { name: 'Message to the AI agent' });
  const log = chat.getByRole('log', { name: 'Conversation' });
  return { chat, field, log, ns, requests: async () => (await stubLog(ns)).map((r) => JSON.parse(r.body)) };
}

test('a typed conversation: Enter sends, the answer streams into the log, the session goes on, no microphone', async ({
  page,
}) => {
  const { chat, field, log, requests } = await openChat(page, 'ok');
  await recordEvents(page, ['ai-voice-demo-message']);
  await expect(log).toContainText(`Agent: ${GREETING}`);
  await field.fill('Do you open on Sunday?');
  await field.press('Shift+Enter');
  await field.pressSequentially('Or Saturday?');
  await field.press('Enter');
  await expect(field).toHaveValue('');
  await expect(log.locator('.caption').last()).toHaveText(
    'Agent: Hello! You said: “Do you open on Sunday?\nOr Saturday?”.',
  );
  await expect(log.locator('.caption').last()).not.toHaveAttribute('aria-hidden');
  // The greeting opened the conversation: it goes first, as the agent's.
  const [first] = await requests();
  expect(first).toMatchObject({
    assistantId: 'your-assistant-id',
    stream: true,
    input: [
      { role: 'assistant', content: GREETING },
      { role: 'user', content: 'Do you open on Sunday?\nOr Saturday?' },
    ],
  });
  expect(first).not.toHaveProperty('sessionId');
  await field.fill('Thanks');
  await chat.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(log.locator('.caption').last()).toHaveText('Agent: Hello! You said: “Thanks”.');
  await expect(log.locator('.caption').last()).not.toHaveAttribute('aria-hidden');
  expect((await requests())[1]).toMatchObject({ input: 'Thanks', sessionId: expect.stringMatching(/^session-/) });
  expect(await events(page)).toEqual([
    {
      type: 'ai-voice-demo-message',
      target: 'chat',
      detail: { role: 'user', text: 'Do you open on Sunday?\nOr Saturday?', via: 'text' },
    },
    {
      type: 'ai-voice-demo-message',
      target: 'chat',
      detail: { role: 'assistant', text: 'Hello! You said: “Do you open on Sunday?\nOr Saturday?”.', via: 'text' },
    },
    { type: 'ai-voice-demo-message', target: 'chat', detail: { role: 'user', text: 'Thanks', via: 'text' } },
    {
      type: 'ai-voice-demo-message',
      target: 'chat',
      detail: { role: 'assistant', text: 'Hello! You said: “Thanks”.', via: 'text' },
    },
  ]);
  expect(await page.evaluate(() => (window as unknown as { microphone: number }).microphone)).toBe(0);
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], '#chat')).toEqual([]);
  // End closes the provider's session and starts afresh, once its Undo window is over.
  await chat.getByRole('button', { name: 'End', exact: true }).click();
  await expect(log.locator('.caption')).toHaveCount(1, pastUndo());
  await expect.poll(async () => (await requests()).at(-1)).toMatchObject({ sessionEnd: true });
});

test('what a screen reader hears: the answer once, complete; links only over https, opening apart', async ({
  page,
}) => {
  const { field, log } = await openChat(page, 'ok');
  await expect(field).toBeVisible();
  // Every state the answer's line is drawn in, as the stream comes (polling could miss one under load).
  await page.locator('#chat').evaluate((host) => {
    const seen: string[] = ((window as unknown as { drawn: string[] }).drawn = []);
    new MutationObserver(() => {
      const line = host.shadowRoot!.querySelectorAll('.caption.assistant')[1];
      if (line) seen.push(`${line.getAttribute('aria-hidden') ?? 'shown'}:${line.textContent}`);
    }).observe(host.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await field.fill('Send me a link');
  await field.press('Enter');
  const answer = log.locator('.caption.assistant').last();
  await expect(answer).toHaveText('Agent: Read more at https://example.com/hours.');
  await expect(answer).not.toHaveAttribute('aria-hidden');
  // While it streamed, the answer was shown but hidden from the log's announcements; complete, it is read once.
  const drawn = await page.evaluate(() => (window as unknown as { drawn: string[] }).drawn);
  expect(drawn.some((state) => state.startsWith('true:Agent: Read more at '))).toBe(true);
  expect(drawn.filter((state) => state.startsWith('shown:'))).toEqual(
    expect.arrayContaining(['shown:Agent: Read more at https://example.com/hours.']),
  );
  expect(drawn.find((state) => state.startsWith('shown:'))).toBe(
    'shown:Agent: Read more at https://example.com/hours.',
  );
  await expect(answer.getByRole('link', { name: 'https://example.com/hours' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );
  await expect(log).toHaveAttribute('aria-live', 'polite');
});

test('busy: said in an alert, the words back in the field for one press to send again', async ({ page }) => {
  const { chat, field, log } = await openChat(page, 'busy');
  await field.fill('Hello?');
  await field.press('Enter');
  await expect(chat.getByRole('alert')).toHaveText('The agent is busy right now. Press Send to try again.');
  await expect(field).toHaveValue('Hello?');
  await expect(log.locator('.caption')).toHaveCount(1);
  await expectLegible(page, '#chat');
});

test('refused: the demo is not available, and the call-me form is offered', async ({ page }) => {
  const { chat, field } = await openChat(page, 'refuse');
  await field.fill('Hello?');
  await field.press('Enter');
  await expect(chat.getByRole('alert')).toHaveText("The typed demo isn't available on this page right now.");
  await expect(chat.getByRole('link', { name: 'Ask for a call to your phone instead' })).toHaveAttribute(
    'href',
    'demo-request.html',
  );
  await expect(field).toHaveValue('Hello?');
});

test('cut off mid-answer: what arrived stays, marked, and Try again sends the turn once more', async ({ page }) => {
  const { chat, field, log, requests } = await openChat(page, 'cut');
  await field.fill('Tell me more');
  await field.press('Enter');
  await expect(chat.getByRole('alert')).toHaveText('The answer was cut off.');
  await expect(log.locator('.caption').last()).toHaveText('Agent: Hello! (cut off)');
  await expect(log.locator('.caption').last()).not.toHaveAttribute('aria-hidden');
  await chat.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(async () => (await requests()).length).toBe(2);
  expect((await requests())[1].input).toEqual([
    { role: 'assistant', content: GREETING },
    { role: 'user', content: 'Tell me more' },
  ]);
});

test('an answer that stalls ends after connect-timeout, and the service failing once is tried again after 1 s', async ({
  page,
}) => {
  const slow = await openChat(page, 'slow', namespace(), { 'connect-timeout': '1' });
  await slow.field.fill('Hello?');
  await slow.field.press('Enter');
  await expect(slow.chat.getByRole('alert')).toHaveText('The answer was cut off.');
  await expect(slow.log.locator('.caption').last()).toHaveText('Agent: Hello (cut off)');

  const flaky = await openChat(page, 'flaky');
  await flaky.field.fill('Again');
  await flaky.field.press('Enter');
  await expect(flaky.log.locator('.caption').last()).toHaveText('Agent: Hello! You said: “Again”.');
  await expect(flaky.log.locator('.caption').last()).not.toHaveAttribute('aria-hidden');
  expect(await flaky.requests()).toHaveLength(2);
  await expect(flaky.chat.getByRole('alert')).toHaveCount(0);
});

test('the conversation survives a reload and goes on in the same session; End forgets it', async ({ page }) => {
  const ns = namespace();
  const first = await openChat(page, 'ok', ns);
  await first.field.fill('Remember me');
  await first.field.press('Enter');
  await expect(first.log.locator('.caption').last()).toHaveText('Agent: Hello! You said: “Remember me”.');
  await expect(first.log.locator('.caption').last()).not.toHaveAttribute('aria-hidden');
  await page.reload();
  const again = await openChat(page, 'ok', ns);
  await expect(again.log.locator('.caption')).toHaveText([
    `Agent: ${GREETING}`,
    'You: Remember me',
    'Agent: Hello! You said: “Remember me”.',
  ]);
  await again.field.fill('Still there?');
  await again.field.press('Enter');
  await expect(again.log).toContainText('You said: “Still there?”');
  expect((await again.requests()).at(-1)).toMatchObject({ input: 'Still there?', sessionId: `session-${ns}` });
  expect(await page.evaluate(() => document.cookie + JSON.stringify(localStorage))).toBe('{}');
  await again.chat.getByRole('button', { name: 'End', exact: true }).click();
  await page.reload();
  await expect(page.locator('#chat').getByRole('log').locator('.caption')).toHaveText([`Agent: ${GREETING}`]);
});

test('from the keyboard alone, in Hindi', async ({ page }) => {
  const { chat } = await openChat(page, 'ok', namespace(), { lang: 'hi' });
  const log = chat.getByRole('log', { name: 'बातचीत' });
  const field = chat.getByRole('textbox', { name: 'एआई एजेंट के लिए संदेश' });
  await expect(field).toBeVisible();
  // The log scrolls, so it is a tab stop; the field comes next.
  await page.keyboard.press('Tab');
  await expect(log).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
  await page.keyboard.type('नमस्ते');
  await page.keyboard.press('Enter');
  await expect(log.locator('.caption').last()).toContainText('You said: “नमस्ते”');
  await expect(log.locator('.caption').last()).not.toHaveAttribute('aria-hidden');
  await page.keyboard.press('Tab');
  await expect(chat.getByRole('button', { name: 'भेजें' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(chat.getByRole('button', { name: 'ख़त्म करें' })).toBeFocused();
  await expectLegible(page, '#chat');
});

for (const width of [390, 1280])
  test(`looks as it should at ${width} px: at rest, answered, busy`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const answered = await openChat(page, 'ok');
    await expect(answered.field).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await expect(answered.chat).toHaveScreenshot(`text-rest-${width}.png`);
    await answered.field.fill('Do you open on Sunday?');
    await answered.field.press('Enter');
    await expect(answered.log).toContainText('You said:');
    await expect(answered.log.locator('.caption').last()).not.toHaveAttribute('aria-hidden');
    await expect(answered.chat).toHaveScreenshot(`text-answered-${width}.png`);
    const busy = await openChat(page, 'busy');
    await busy.field.fill('Hello?');
    await busy.field.press('Enter');
    await expect(busy.chat.getByRole('alert')).toBeVisible();
    await expect(busy.chat).toHaveScreenshot(`text-busy-${width}.png`);
  });
