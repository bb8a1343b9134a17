import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectLegible } from './visual';

// Issue 57, item 2: `invite`, a bubble beside the folded launcher after `invite-after` seconds, announced
// politely, once per tab session: Dismiss, or opening the panel, ends it for the session.
const NAME = 'Talk to our AI agent';
const WORDS = 'Questions? Ask our agent';

/** A page of the examples' origin with the script and a launcher with `attributes` in its stage. */
async function stage(page: Page, attributes: string) {
  await page.goto('/examples/empty.html');
  await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
  await page
    .locator('#stage')
    .evaluate(
      (el, attrs) => void (el.innerHTML = `<ai-voice-demo variant="launcher" simulate ${attrs}></ai-voice-demo>`),
      attributes,
    );
  await expect(page.getByRole('button', { name: NAME })).toBeVisible();
}

const bubble = (page: Page) => page.locator('ai-voice-demo').locator('[part="invite"]');
const status = (page: Page) => bubble(page).getByRole('status');

test('after its 8 seconds by default it shows beside the button, announced politely; Dismiss by keyboard ends it for the session', async ({
  page,
}) => {
  await page.clock.install();
  await stage(page, `invite="${WORDS}"`);
  // There from the first paint, empty, so the words are announced as they come.
  await expect(status(page)).toHaveAttribute('aria-live', 'polite');
  await expect(status(page)).toHaveText('');
  await page.clock.runFor(7_000);
  await expect(status(page)).toHaveText('');
  await page.clock.runFor(1_500);
  await expect(status(page)).toHaveText(WORDS);
  const launcher = page.getByRole('button', { name: NAME });
  const box = (await launcher.boundingBox())!;
  const shown = (await bubble(page).boundingBox())!;
  // Above the button at the bottom right, not over it.
  expect(shown.y + shown.height).toBeLessThan(box.y);
  expect(Math.round(shown.x + shown.width)).toBe(Math.round(box.x + box.width));
  // The launcher keeps its name and its place in the tab order; Dismiss comes next.
  await launcher.focus();
  await page.keyboard.press('Tab');
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  await expect(dismiss).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(bubble(page)).toHaveCount(0);
  await expect(launcher).toBeFocused();
  // The tab's next page does not show it again.
  await stage(page, `invite="${WORDS}" invite-after="0"`);
  await expect(bubble(page)).toHaveCount(0);
  await page.clock.runFor(10_000);
  await expect(bubble(page)).toHaveCount(0);
});

test('opening the panel ends it for the session; shown and not yet answered, the next page shows it at once', async ({
  page,
}) => {
  await stage(page, `invite="${WORDS}" invite-after="0.5"`);
  await expect(status(page)).toHaveText(WORDS, { timeout: 15_000 });
  // Not answered: the next page of the tab shows it as it was left, without waiting its seconds again.
  await stage(page, `invite="${WORDS}" invite-after="600"`);
  await expect(status(page)).toHaveText(WORDS);
  await page.getByRole('button', { name: NAME }).click();
  await expect(page.getByRole('dialog', { name: 'Conversation with our AI agent' })).toBeVisible();
  await expect(bubble(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(bubble(page)).toHaveCount(0);
  await stage(page, `invite="${WORDS}" invite-after="0"`);
  await expect(bubble(page)).toHaveCount(0);
});

test('Escape on the folded button dismisses it; a card ignores invite', async ({ page }) => {
  await stage(page, `invite="${WORDS}" invite-after="0"`);
  await expect(status(page)).toHaveText(WORDS, { timeout: 15_000 });
  await page.getByRole('button', { name: NAME }).focus();
  await page.keyboard.press('Escape');
  await expect(bubble(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: NAME })).toHaveAttribute('aria-expanded', 'false');
  await page.goto('/examples/empty.html');
  await page.evaluate(() => sessionStorage.clear());
  await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
  await page
    .locator('#stage')
    .evaluate((el) => void (el.innerHTML = '<ai-voice-demo simulate invite="Hi" invite-after="0"></ai-voice-demo>'));
  await expect(page.getByRole('button', { name: 'Start a voice call with our AI agent' })).toBeVisible();
  await expect(page.locator('ai-voice-demo').locator('[part="invite"]')).toHaveCount(0);
});

test('no motion under prefers-reduced-motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await stage(page, `invite="${WORDS}" invite-after="0"`);
  await expect(status(page)).toHaveText(WORDS, { timeout: 15_000 });
  expect(await bubble(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await bubble(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('invite-in');
});

for (const width of [390, 1280])
  test(`the invitation at ${width} px on the partner page: legible, nothing cut off, axe clean`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/examples/launcher.html');
    await page.evaluate(() => document.fonts.ready);
    await expect(page.getByRole('button', { name: NAME })).toBeVisible();
    await page.clock.runFor(8_500);
    await expect(status(page)).toHaveText(WORDS);
    await expectLegible(page);
    await expect(page).toHaveScreenshot(`launcher-invitation-${width}.png`);
  });
