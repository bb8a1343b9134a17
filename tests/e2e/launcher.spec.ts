import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';
import { expectLegible } from './visual';

// Issue 57, item 1: `variant="launcher"`, a round button at a corner of the window that opens a panel with
// the whole conversation and folds it again without ending it, as the visitor left it on every page of a
// partner's site (examples/launcher.html and launcher-pricing.html).
const NAME = 'Talk to our AI agent';
const PANEL = 'Conversation with our AI agent';

/** A page of the examples' origin with the script and `html` in its stage. */
async function stage(page: Page, html: string) {
  await page.goto('/examples/empty.html');
  await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
  await page.locator('#stage').evaluate((el, markup) => void (el.innerHTML = markup), html);
}

/** Where `target` is drawn; asked again if React drew it afresh just then (the first paint's node went). */
async function boxOf(target: Locator) {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect.poll(async () => (box = await target.boundingBox())).not.toBeNull();
  return box!;
}

for (const [placement, x, y] of [
  ['bottom-right', 'right', 'bottom'],
  ['bottom-left', 'left', 'bottom'],
  ['top-right', 'right', 'top'],
  ['top-left', 'left', 'top'],
] as const)
  test(`at ${placement}, it opens by keyboard with focus in the panel, and Escape folds it back onto the button`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await stage(page, `<ai-voice-demo variant="launcher" placement="${placement}" simulate></ai-voice-demo>`);
    const launcher = page.getByRole('button', { name: NAME });
    await expect(launcher).toBeVisible();
    const box = await boxOf(launcher);
    // 24 px from the window's edges, on the placement's sides.
    expect(Math.round(x === 'right' ? 1280 - box.x - box.width : box.x)).toBe(24);
    expect(Math.round(y === 'bottom' ? 800 - box.y - box.height : box.y)).toBe(24);
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('dialog', { name: PANEL })).toBeHidden();
    // The element itself takes no room in the page.
    expect(await page.locator('ai-voice-demo').evaluate((el) => el.getBoundingClientRect().height)).toBe(0);

    await launcher.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: PANEL });
    await expect(panel).toBeVisible();
    await expect(launcher).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('button', { name: 'Start a voice call with our AI agent' })).toBeFocused();
    const open = await boxOf(panel);
    // Beside the button, on its side of the window.
    if (y === 'bottom') expect(open.y + open.height).toBeLessThan(box.y);
    else expect(open.y).toBeGreaterThan(box.y + box.height);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
    // No other control carries the launcher's name.
    await launcher.click();
    await expect(page.getByRole('button', { name: NAME, exact: true })).toHaveCount(1);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
  });

test('a call goes on while the panel is folded, and the button says so', async ({ page }) => {
  await stage(page, '<ai-voice-demo variant="launcher" label="Priya" simulate captions></ai-voice-demo>');
  const launcher = page.getByRole('button', { name: `Priya: ${NAME}` });
  await launcher.click();
  const panel = page.getByRole('dialog', { name: PANEL });
  await panel.getByRole('button', { name: 'Priya: Start a voice call with our AI agent' }).click();
  const log = panel.getByRole('log');
  await expect(log).toContainText('Hello, thanks for calling', { timeout: patience(15_000) });
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: `Priya: ${NAME} (call in progress)` })).toBeFocused();
  await page.getByRole('button', { name: `Priya: ${NAME} (call in progress)` }).click();
  await expect(panel.getByRole('button', { name: 'Priya: End the call' })).toBeVisible();
  await expect(log).toContainText('Hello, thanks for calling');
});

test('on another page of the site the panel is open as it was left, with the conversation', async ({ page }) => {
  await page.goto('/examples/launcher.html');
  await page.getByRole('button', { name: NAME }).click();
  const panel = page.getByRole('dialog', { name: PANEL });
  const field = panel.getByRole('textbox', { name: 'Message to the AI agent' });
  await field.fill('How much does it cost?');
  await field.press('Enter');
  await expect(panel.getByRole('log')).toContainText('Agent: Plans depend on', { timeout: patience(15_000) });
  await expect(panel.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: patience(15_000) });
  await page.getByRole('link', { name: 'Prices' }).click();
  await expect(page).toHaveURL(/launcher-pricing/);
  await expect(page.getByRole('dialog', { name: PANEL })).toBeVisible();
  await expect(page.getByRole('dialog', { name: PANEL }).getByRole('log')).toContainText('You: How much does it cost?');
  // Folded there, it is folded on the next page too.
  await page.getByRole('button', { name: NAME }).click();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/examples\/launcher\.html/);
  await expect(page.getByRole('button', { name: NAME })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('dialog', { name: PANEL })).toBeHidden();
});

test('a second launcher on the page is drawn as a card, and the console says why', async ({ page }) => {
  const said: string[] = [];
  page.on('console', (message) => said.push(message.text()));
  await stage(
    page,
    '<ai-voice-demo variant="launcher" simulate></ai-voice-demo><ai-voice-demo id="second" variant="launcher" simulate></ai-voice-demo>',
  );
  await expect(page.getByRole('button', { name: NAME })).toHaveCount(1);
  await expect(
    page.locator('#second').getByRole('button', { name: 'Start a voice call with our AI agent' }),
  ).toBeVisible();
  await expect.poll(() => said.filter((line) => line.includes('Keep one launcher per page')).length).toBe(1);
});

test('the button steps aside from the page control that has focus under it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await stage(page, '<input aria-label="Coupon"><ai-voice-demo variant="launcher" simulate></ai-voice-demo>');
  // Where a partner's own fixed bar might put a field (set through the CSSOM: the page's policy refuses style attributes).
  await page.getByRole('textbox', { name: 'Coupon' }).evaluate((input: HTMLElement) => {
    Object.assign(input.style, { position: 'fixed', right: '20px', bottom: '30px', width: '90px' });
  });
  const launcher = page.getByRole('button', { name: NAME });
  await expect(launcher).toBeVisible();
  await page.getByRole('textbox', { name: 'Coupon' }).focus();
  await expect.poll(async () => (await launcher.boundingBox())?.y).toBe(24);
  await page.getByRole('textbox', { name: 'Coupon' }).blur();
  await page.locator('h1').click();
  await expect.poll(async () => (await launcher.boundingBox())?.y).toBe(800 - 24 - 60);
});

for (const width of [390, 1280])
  test(`folded and open at ${width} px: legible, and on a phone the panel is the screen and the page stays still`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    // The page's invitation (launcher-invitation.spec.ts) answered already: these are the button and the panel alone.
    await page.addInitScript(() => sessionStorage.setItem('ai-voice-demo-invite', 'over'));
    await page.goto('/examples/launcher.html');
    await page.evaluate(() => document.fonts.ready);
    const launcher = page.getByRole('button', { name: NAME });
    await expect(launcher).toBeVisible();
    await expect(page).toHaveScreenshot(`launcher-folded-${width}.png`);
    await launcher.click();
    const panel = page.getByRole('dialog', { name: PANEL });
    await expect(panel).toBeVisible();
    await expectLegible(page);
    await expect(page).toHaveScreenshot(`launcher-open-${width}.png`);
    const overflow = await page.evaluate(() => document.documentElement.style.overflow);
    if (width <= 480) {
      const box = await boxOf(panel);
      expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, width, 800]);
      expect(overflow).toBe('hidden');
    } else expect(overflow).toBe('');
    await panel.getByRole('button', { name: 'Close' }).click();
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  });

test('the page never moves for the launcher: as it loads, opens, folds, and on the next page (CLS 0)', async ({
  page,
}) => {
  // Every layout shift of each page, those right after a press included (CLS leaves those out).
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const shifts = () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/examples/launcher.html');
  const launcher = page.getByRole('button', { name: NAME });
  await launcher.click();
  const panel = page.getByRole('dialog', { name: PANEL });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await launcher.click();
  await expect(panel).toBeVisible();
  expect(await shifts()).toEqual([]);
  await page.getByRole('link', { name: 'Prices' }).click();
  await expect(page).toHaveURL(/launcher-pricing/);
  await expect(page.getByRole('dialog', { name: PANEL })).toBeVisible();
  await page.getByRole('button', { name: NAME }).click();
  await expect(page.getByRole('dialog', { name: PANEL })).toBeHidden();
  expect(await shifts()).toEqual([]);
});
