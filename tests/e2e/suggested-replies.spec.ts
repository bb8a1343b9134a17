import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';
import { scriptedVoice } from './scripted-voice';
import { expectLegible } from './visual';

// Issue 57, item 3: `suggestions`, buttons under the log until the visitor's first line; one pressed is sent as
// the visitor's words: a typed turn (the simulated agent answers it), or into the call during one.
const LIST = 'Pricing|Book a demo|Do you speak Hindi?';

async function stage(page: Page, attributes: string) {
  await page.goto('/examples/empty.html');
  await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
  await page
    .locator('#stage')
    .evaluate((el, attrs) => void (el.innerHTML = `<ai-voice-demo ${attrs}></ai-voice-demo>`), attributes);
  await expect(page.getByRole('log')).toBeVisible();
  return { group: page.getByRole('group', { name: 'Suggested replies' }), log: page.getByRole('log') };
}

test('in text mode, a suggestion pressed by keyboard is sent as a typed turn, answered, and the others go', async ({
  page,
}) => {
  const { group, log } = await stage(page, `mode="text" simulate suggestions="${LIST}"`);
  await expect(group.getByRole('button')).toHaveText(['Pricing', 'Book a demo', 'Do you speak Hindi?']);
  await group.getByRole('button', { name: 'Pricing' }).focus();
  await page.keyboard.press('Enter');
  await expect(log).toContainText('You: Pricing');
  await expect(log).toContainText('Agent: Plans depend on', { timeout: patience(15_000) });
  await expect(group).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Message to the AI agent' })).toBeFocused();
  // The conversation kept for the tab has a line of the visitor's: its next page offers no suggestions.
  const next = await stage(page, `mode="text" simulate suggestions="${LIST}"`);
  await expect(next.log).toContainText('You: Pricing');
  await expect(next.group).toBeHidden();
});

test('during a call, a suggestion goes into the call as typed words do; the property takes an array', async ({
  page,
}) => {
  await page.goto('/examples/empty.html');
  await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
  await page.locator('#stage').evaluate((el) => {
    el.innerHTML = '<ai-voice-demo mode="hybrid" public-key="pk" assistant-id="a"></ai-voice-demo>';
    Object.assign(el.firstElementChild!, { suggestions: ['Pricing', 'Book a demo'] });
  });
  const group = page.getByRole('group', { name: 'Suggested replies' });
  await expect(group.getByRole('button')).toHaveText(['Pricing', 'Book a demo']);
  expect(await page.locator('ai-voice-demo').getAttribute('suggestions')).toBe('Pricing|Book a demo');
  const emit = await scriptedVoice(page);
  await page.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await emit('call-start');
  await expect(page.getByRole('status').first()).toHaveText('Click to end the call');
  await group.getByRole('button', { name: 'Book a demo' }).click();
  await expect(page.getByRole('log').locator('.caption').last()).toHaveText('You: Book a demo');
  const sent = await page.evaluate(() => (window as unknown as { scripted: { sent: unknown[] } }).scripted.sent);
  expect(sent.at(-1)).toEqual({
    type: 'add-message',
    message: { role: 'user', content: 'Book a demo' },
    triggerResponseEnabled: true,
  });
  await expect(group).toBeHidden();
});

for (const width of [390, 1280])
  test(`in the launcher's panel at ${width} px: legible, axe clean`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/examples/empty.html');
    await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
    await page
      .locator('#stage')
      .evaluate(
        (el, list) =>
          void (el.innerHTML = `<ai-voice-demo variant="launcher" mode="hybrid" simulate captions suggestions="${list}"></ai-voice-demo>`),
        LIST,
      );
    await page.evaluate(() => document.fonts.ready);
    await page.getByRole('button', { name: 'Talk to our AI agent' }).click();
    const group = page.getByRole('dialog').getByRole('group', { name: 'Suggested replies' });
    await expect(group.getByRole('button')).toHaveCount(3);
    await expectLegible(page);
    await expect(page).toHaveScreenshot(`suggested-replies-launcher-${width}.png`);
  });
