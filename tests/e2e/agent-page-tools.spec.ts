import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';
import { scriptedVoice } from './scripted-voice';

// Issue 57, item 4: page tools the agent calls during a call (`voice.tools`), and the two built-in actions.
// The call is the scripted client (examples/scripted-client.js), which plays the provider's `tool-calls`
// message and records what the widget tells the agent.
type Sent = { type: string; message: { role: string; content: string }; triggerResponseEnabled: boolean };

async function inCall(page: Page, attributes = '', extra = '') {
  await page.goto('/examples/empty.html');
  await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
  await page
    .locator('#stage')
    .evaluate(
      (el, markup) => void (el.innerHTML = markup),
      `<ai-voice-demo captions assistant-id="asst_scripted" ${attributes}></ai-voice-demo>${extra}`,
    );
  await page.evaluate(() => {
    const w = window as unknown as { toolEvents: unknown[] };
    w.toolEvents = [];
    document.addEventListener('ai-voice-demo-tool', (e) => w.toolEvents.push((e as CustomEvent).detail));
    Object.assign(document.querySelector('ai-voice-demo')!, {
      tools: {
        next_free_slot: { description: 'Looked up the next free slot', run: async () => ({ day: 'Tuesday' }) },
        fails: () => {
          throw new Error('the calendar is down');
        },
        slow: () => new Promise(() => {}),
      },
    });
  });
  const emit = await scriptedVoice(page);
  await page.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  // The call is started once the client is asked for it (the microphone is opened first).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { scripted: { calls: string[] } }).scripted.calls.length))
    .toBe(1);
  await emit('call-start');
  await expect(page.getByRole('button', { name: 'End the call' })).toBeVisible();
  const play = (name: string, args: unknown = {}) =>
    page.evaluate(
      ([n, a]) =>
        (window as unknown as { scripted: { playTool(n: string, a: unknown): void } }).scripted.playTool(n, a),
      [name, args] as const,
    );
  const told = () =>
    page.evaluate(() =>
      (window as unknown as { scripted: { sent: Sent[] } }).scripted.sent.filter((m) => m.message.role === 'system'),
    );
  const events = () => page.evaluate(() => (window as unknown as { toolEvents: unknown[] }).toolEvents);
  return { play, told, events, log: page.getByRole('log') };
}

test('a page tool runs with its arguments, its result is told to the agent, and the log says so quietly', async ({
  page,
}) => {
  const { play, told, events, log } = await inCall(page);
  await play('next_free_slot', '{"service":"cleaning"}');
  await expect(log.locator('.caption.tool')).toHaveText('Agent used: Looked up the next free slot');
  expect(await told()).toEqual([
    {
      type: 'add-message',
      message: { role: 'system', content: 'The page ran the tool "next_free_slot". Its result:\n{"day":"Tuesday"}' },
      triggerResponseEnabled: true,
    },
  ]);
  expect(await events()).toEqual([{ name: 'next_free_slot', ok: true }]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await log.scrollIntoViewIfNeeded();
    await expect(log).toHaveScreenshot(`tool-line-${width}.png`);
  }
});

test('an unknown tool and a throwing one are told to the agent by name, and the call goes on', async ({ page }) => {
  const { play, told, events, log } = await inCall(page);
  await play('no_such_tool');
  await play('fails');
  await expect(log.locator('.caption.tool')).toHaveText([
    'Agent tried: no_such_tool (not done)',
    'Agent tried: fails (not done)',
  ]);
  const words = (await told()).map((m) => m.message.content);
  expect(words[0]).toContain('no tool called "no_such_tool"');
  expect(words[1]).toContain('"fails" failed: the calendar is down');
  expect(await events()).toEqual([
    { name: 'no_such_tool', ok: false },
    { name: 'fails', ok: false },
  ]);
  await expect(page.getByRole('button', { name: 'End the call' })).toBeVisible();
});

test('a tool that takes longer than tool-timeout is told as not finished', async ({ page }) => {
  const { play, told, events, log } = await inCall(page, 'tool-timeout="1"');
  await play('slow');
  await expect(log.locator('.caption.tool')).toHaveText('Agent tried: slow (not done)', { timeout: patience(10_000) });
  expect((await told())[0]?.message.content).toContain('"slow" did not finish within 1 seconds');
  expect(await events()).toEqual([{ name: 'slow', ok: false }]);
});

test('open_url refuses an address off the page’s origin and follows one on it', async ({ page }) => {
  const { play, told, events } = await inCall(page);
  await play('open_url', { url: 'https://elsewhere.example/' });
  await expect.poll(async () => (await told()).length).toBe(1);
  expect((await told())[0]?.message.content).toContain('The page did not run the tool "open_url"');
  expect(page.url()).toContain('/examples/empty.html');
  expect(await events()).toEqual([{ name: 'open_url', ok: false }]);
  await play('open_url', { url: '/examples/launcher.html' });
  await expect.poll(async () => (await told().catch(() => [])).length).toBe(2);
  expect(await events()).toEqual([
    { name: 'open_url', ok: false },
    { name: 'open_url', ok: true },
  ]);
  await page.waitForURL('**/examples/launcher.html', { timeout: patience(10_000) });
});

test('open_demo_request focuses the page’s form with the agent asked for chosen', async ({ page }) => {
  const { play, told, events } = await inCall(page, '', '<ai-demo-request></ai-demo-request>');
  await play('open_demo_request', { agentId: 'realEstate' });
  const form = page.locator('ai-demo-request');
  await expect(form.locator('input[value="realEstate"]')).toBeFocused();
  await expect(form.locator('input[value="realEstate"]')).toBeChecked();
  expect((await told())[0]?.message.content).toContain('with the agent "realEstate" chosen');
  expect(await events()).toEqual([{ name: 'open_demo_request', ok: true }]);
});
