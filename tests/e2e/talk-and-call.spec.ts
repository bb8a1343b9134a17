import type { Page } from '@playwright/test';
import { STUB_ORIGIN } from '../support/ports';
import { axeViolations } from './axe';
import { expect, namespace, stubLog, test } from './fixtures';
import { scriptedVoice } from './scripted-voice';

// One conversation across typing and a call (`mode="hybrid"`): what was typed reaches the call, what
// is typed during it goes into it, and what was said in it comes with the next typed turn. The call
// is a scripted client that records what it is sent; the chat is the local fake of `/chat/web`.
const GREETING = 'Hi! Ask me about our opening hours, prices or a free slot.';

async function open(page: Page, mode = 'hybrid') {
  const ns = namespace();
  await page.goto('/examples/text-chat.html');
  const chat = page.locator('#chat');
  await chat.evaluate(
    (el, [url, m]) => {
      el.setAttribute('api-url', url);
      el.setAttribute('mode', m);
    },
    [`${STUB_ORIGIN}/chat/ok/${ns}`, mode] as const,
  );
  const field = chat.getByRole('textbox', { name: 'Message to the AI agent' });
  const log = chat.getByRole('log', { name: 'Conversation' });
  const sent = () => page.evaluate(() => (window as unknown as { scripted: { sent: unknown[] } }).scripted.sent);
  const requests = async () => (await stubLog(ns)).map((r) => JSON.parse(r.body));
  const say = async (text: string) => {
    await field.fill(text);
    await field.press('Enter');
  };
  return { chat, field, log, sent, requests, say };
}

test('typed, then spoken: the call is told every typed line word for word, and asked for no answer', async ({
  page,
}) => {
  const { chat, log, sent, say } = await open(page);
  await say('Do you open on Sunday?');
  await expect(log.locator('.caption').last()).toHaveText('Agent: Hello! You said: “Do you open on Sunday?”.');
  await expect(log.locator('.caption').last()).not.toHaveAttribute('aria-hidden');
  const emit = await scriptedVoice(page, '#chat');
  await chat.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await emit('call-start');
  await expect(chat.getByRole('status').first()).toHaveText('Click to end the call');
  expect(await sent()).toEqual([
    {
      type: 'add-message',
      message: {
        role: 'system',
        content: [
          'Earlier in this conversation, before this call (each line says who said it):',
          `Agent (typed): ${GREETING}`,
          'Visitor (typed): Do you open on Sunday?',
          'Agent (typed): Hello! You said: “Do you open on Sunday?”.',
        ].join('\n'),
      },
      triggerResponseEnabled: false,
    },
  ]);
});

test('typed during a call: into the call for a spoken answer, which lands in the same log', async ({ page }) => {
  const { chat, log, sent, say } = await open(page);
  const emit = await scriptedVoice(page, '#chat');
  await chat.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await emit('call-start');
  await expect(chat.getByRole('status').first()).toHaveText('Click to end the call');
  await say('Can you hear me?');
  await expect(log.locator('.caption').last()).toHaveText('You: Can you hear me?');
  expect((await sent()).at(-1)).toEqual({
    type: 'add-message',
    message: { role: 'user', content: 'Can you hear me?' },
    triggerResponseEnabled: true,
  });
  await emit('message', {
    type: 'transcript',
    role: 'assistant',
    transcriptType: 'final',
    transcript: 'Loud and clear.',
  });
  await expect(log.locator('.caption').last()).toHaveText('Agent: Loud and clear.');
  // Talking and typing at once, as a screen reader meets it: axe finds nothing in the card.
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], '#chat')).toEqual([]);
});

test('spoken, then typed: the next typed turn carries the call’s last lines before the new words', async ({ page }) => {
  const { chat, log, requests, say } = await open(page);
  const emit = await scriptedVoice(page, '#chat');
  await chat.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await emit('call-start');
  await emit('message', {
    type: 'transcript',
    role: 'assistant',
    transcriptType: 'final',
    transcript: 'Hello from the call.',
  });
  await emit('message', {
    type: 'transcript',
    role: 'user',
    transcriptType: 'final',
    transcript: 'Book me at eleven.',
  });
  await chat.getByRole('button', { name: 'End the call' }).click();
  // The call's lines stay in the log once it has ended.
  await expect(log.locator('.caption')).toHaveText([
    `Agent: ${GREETING}`,
    'Agent: Hello from the call.',
    'You: Book me at eleven.',
  ]);
  await say('Thanks, see you then');
  await expect(log.locator('.caption').last()).toContainText('You said: “Thanks, see you then”');
  expect((await requests())[0].input).toEqual([
    { role: 'assistant', content: GREETING },
    { role: 'assistant', content: 'Hello from the call.' },
    { role: 'user', content: 'Book me at eleven.' },
    { role: 'user', content: 'Thanks, see you then' },
  ]);
});

test('a client without send: the field waits during the call and says why; nothing breaks', async ({ page }) => {
  const { chat, field } = await open(page);
  await page.evaluate(async () => {
    const { createScriptedClient } = await import('/examples/scripted-client.js' as string);
    const client = createScriptedClient();
    delete (client as { send?: unknown }).send;
    (window as unknown as { scripted: unknown }).scripted = client;
    Object.assign(document.getElementById('chat')!, { client });
  });
  await chat.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await page.evaluate(() => (window as unknown as { scripted: { emit(e: string): void } }).scripted.emit('call-start'));
  await expect(field).toBeDisabled();
  await expect(
    chat.getByText("Typing isn't available during this call: speak to the agent, or type after the call."),
  ).toBeVisible();
  await chat.getByRole('button', { name: 'End the call' }).click();
  await expect(field).toBeEnabled();
});

test('a refused microphone in voice mode leads to typing, with focus in the field', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  const { chat, field, log, say } = await open(page, 'voice');
  await expect(field).toHaveCount(0);
  await chat.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await expect(chat.getByRole('status')).toContainText('Microphone blocked');
  await chat.getByRole('button', { name: 'Type to the agent instead' }).click();
  await expect(field).toBeFocused();
  await say('Typing instead');
  await expect(log.locator('.caption').last()).toHaveText('Agent: Hello! You said: “Typing instead”.');
  await expect(log.locator('.caption').last()).not.toHaveAttribute('aria-hidden');
});
