import { STUB_ORIGIN } from '../support/ports';
import { expect, namespace, stubLog, test } from './fixtures';
import { expectLegible } from './visual';
import { patience } from '../support/slowdown.mjs';

// #55 item 10: words sent while an answer is still arriving are kept and sent once it has ended, said on screen
// and to a screen reader; never dropped in silence.

test('Enter while an answer arrives: the words wait, said on screen and in the status, and go once it has ended', async ({
  page,
}) => {
  const ns = namespace();
  await page.goto('/examples/text-chat.html');
  const chat = page.locator('#chat');
  await chat.evaluate((el, url) => el.setAttribute('api-url', url), `${STUB_ORIGIN}/chat/unhurried/${ns}`);
  const field = chat.getByRole('textbox', { name: 'Message to the AI agent' });
  const log = chat.getByRole('log', { name: 'Conversation' });
  const send = chat.getByRole('button', { name: 'Send', exact: true });

  await field.fill('What are your prices?');
  await field.press('Enter');
  // The answer is arriving: its first words are there, the rest still on their way.
  await expect(log.locator('.caption.assistant').last()).toHaveText(/^Agent: Hello/);
  await expect(chat.getByRole('status')).toHaveText('AI agent is typing...');
  await field.fill('And on Sunday?');
  await field.press('Enter');
  await expect(field).toHaveValue('');
  await expect(chat.getByRole('status')).toHaveText('Your next message goes as soon as the agent has answered.');
  await expect(chat.locator('[part="queued"]')).toHaveText('Sends after this answer: “And on Sunday?”');
  // Send is no dead control meanwhile: it adds to what waits.
  await expect(send).not.toHaveAttribute('aria-disabled');
  await field.fill('Or Saturday?');
  await send.click();
  await expect(chat.locator('[part="queued"]')).toHaveText('Sends after this answer: “And on Sunday?\nOr Saturday?”');
  await expectLegible(page, '#chat');
  // For a person to look at (the answer still streams, so no fixed picture to compare).
  await chat.screenshot({ path: test.info().outputPath('queued.png') });

  await expect(log.locator('.caption')).toHaveText(
    [
      /^Agent: Hi!/,
      'You: What are your prices?',
      'Agent: Hello! You said: “What are your prices?”.',
      'You: And on Sunday?\nOr Saturday?',
      'Agent: Hello! You said: “And on Sunday?\nOr Saturday?”.',
    ],
    { timeout: patience(15_000) },
  );
  await expect(chat.locator('[part="queued"]')).toHaveCount(0);
  // Once each, in order, the second in the first one's session.
  const sent = (await stubLog(ns)).map((r) => JSON.parse(r.body));
  expect(sent.map((r) => (typeof r.input === 'string' ? r.input : r.input.at(-1).content))).toEqual([
    'What are your prices?',
    'And on Sunday?\nOr Saturday?',
  ]);
  expect(sent[1]).toMatchObject({ sessionId: `session-${ns}` });
});

test('words waiting for an answer that fails come back to the field, none sent unasked', async ({ page }) => {
  const ns = namespace();
  await page.goto('/examples/text-chat.html');
  const chat = page.locator('#chat');
  await chat.evaluate(
    (el, url) => (el.setAttribute('api-url', url), el.setAttribute('connect-timeout', '2')),
    `${STUB_ORIGIN}/chat/slow/${ns}`,
  );
  const field = chat.getByRole('textbox', { name: 'Message to the AI agent' });
  await field.fill('Hello?');
  await field.press('Enter');
  await expect(chat.getByRole('log').locator('.caption.assistant').last()).toHaveText(/^Agent: Hello/);
  await field.fill('Anyone there?');
  await field.press('Enter');
  await expect(chat.getByRole('alert')).toHaveText('The answer was cut off.', { timeout: patience(10_000) });
  await expect(field).toHaveValue('Anyone there?');
  expect(await stubLog(ns)).toHaveLength(1);
});
