import type { Page } from '@playwright/test';
import { cspViolations, expect, test } from './fixtures';
import { axeViolations } from './axe';

// Issue 57, item 6: the launcher goes wherever the voice card goes: by mouse as by keyboard, clean for
// axe folded and open, under a partner's strict CSP, in Hindi and inside a React app.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** A page of the examples' origin with the script and `html` in its stage. */
async function stage(page: Page, html: string) {
  await page.goto('/examples/empty.html');
  await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
  await page.locator('#stage').evaluate((el, markup) => void (el.innerHTML = markup), html);
}

test('by mouse it opens and folds, and axe finds nothing folded or open', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await stage(page, '<ai-voice-demo variant="launcher" mode="hybrid" captions simulate></ai-voice-demo>');
  const launcher = page.getByRole('button', { name: 'Talk to our AI agent' });
  await expect(launcher).toBeVisible();
  expect(await axeViolations(page, TAGS, 'ai-voice-demo')).toEqual([]);

  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'Conversation with our AI agent' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('textbox')).toBeVisible();
  expect(await axeViolations(page, TAGS, 'ai-voice-demo')).toEqual([]);

  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  await launcher.click();
  await expect(panel).toBeVisible();
});

test('under script-src and style-src self the launcher is styled, opens and reports no violation', async ({ page }) => {
  const violations = await cspViolations(page);
  await page.goto('/examples/strict-csp.html');
  await page.evaluate(() => {
    const launcher = document.createElement('ai-voice-demo');
    launcher.setAttribute('variant', 'launcher');
    launcher.setAttribute('simulate', '');
    document.body.append(launcher);
  });
  const button = page.getByRole('button', { name: 'Talk to our AI agent' });
  // Its shape and its place come from the shadow root's adopted sheets, which the policy allows.
  await expect(button).toHaveCSS('border-radius', '50%');
  await expect(button).toHaveCSS('position', 'fixed');
  await button.click();
  const panel = page.getByRole('dialog', { name: 'Conversation with our AI agent' });
  await expect(panel).toBeVisible();
  await expect(panel).toHaveCSS('position', 'fixed');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  expect(violations).toEqual([]);
});

test('in Hindi the button, the panel and its Close speak Hindi, and a call in progress says so', async ({ page }) => {
  await stage(page, '<div lang="hi"><ai-voice-demo variant="launcher" simulate></ai-voice-demo></div>');
  const launcher = page.getByRole('button', { name: 'हमारे एआई एजेंट से बात करें', exact: true });
  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'हमारे एआई एजेंट से बातचीत' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'हमारे एआई एजेंट के साथ वॉइस कॉल शुरू करें' }).click();
  await expect(panel.getByRole('button', { name: 'कॉल ख़त्म करें' })).toBeVisible();
  await panel.getByRole('button', { name: 'बंद करें' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'हमारे एआई एजेंट से बात करें (कॉल चल रही है)' })).toBeVisible();
});

test('in a React 19 app the launcher is a typed prop away, opens and folds back onto its button', async ({ page }) => {
  await page.goto('/dist/examples/react/');
  const launcher = page.getByRole('button', { name: 'Acme: Ask us anything' });
  await expect(launcher).toBeVisible();
  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'Conversation with our AI agent' });
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();
});
