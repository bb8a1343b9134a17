import type { Locator, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { expect, test } from './fixtures';
import { contrast } from './visual';
import { patience } from '../support/slowdown.mjs';

// The focus ring against the same pixels unfocused (#34, WCAG 2.4.11/2.4.13): on every kind of
// background of the site and the widgets, a part of the ring at least as large as a 2 px line
// around the control changes its pixels by 3:1 or more.

test.use({ viewport: { width: 1280, height: 900 } });

/** Moves focus to a spot off screen that draws nothing (a page's blur leaves `:focus-visible` state behind). */
async function park(page: Page) {
  await page.evaluate(() => {
    let spot = document.getElementById('focus-parking');
    if (!spot) {
      spot = document.createElement('div');
      spot.id = 'focus-parking';
      spot.tabIndex = -1;
      Object.assign(spot.style, { position: 'fixed', left: '-200px', top: '0', width: '1px', height: '1px' });
      document.body.append(spot);
    }
    spot.focus({ preventScroll: true });
  });
}

async function shot(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<PNG> {
  return PNG.sync.read(await page.screenshot({ clip, animations: 'disabled', caret: 'hide', scale: 'css' }));
}

/**
 * The ring of `target` (the focused control) drawn around `ringOf` (the box it outlines: the card
 * of a visually hidden radio, say): how many pixels around it change by 3:1, against the area of a
 * 2 px line around the box.
 */
async function measureRing(page: Page, target: Locator, ringOf: Locator = target) {
  // As a person would: the control on screen and usable before it is looked at.
  await expect(ringOf).toBeVisible();
  await expect(target).toBeEnabled();
  // In the middle of the window: at its top, the site's fixed header would cover part of the ring.
  await ringOf.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  await park(page);
  // A control that draws the eye with a few breaths (the voice button) has them over: only the ring differs.
  await target.evaluate((el) => {
    const root = el.getRootNode() as Document | ShadowRoot;
    for (const animation of root.getAnimations?.() ?? [])
      if (Number.isFinite(animation.effect?.getTiming().iterations)) animation.finish();
  });
  const box = (await ringOf.boundingBox())!;
  const viewport = page.viewportSize()!;
  const x = Math.max(0, Math.floor(box.x - 10));
  const y = Math.max(0, Math.floor(box.y - 10));
  const clip = {
    x,
    y,
    width: Math.min(viewport.width, Math.ceil(box.x + box.width + 10)) - x,
    height: Math.min(viewport.height, Math.ceil(box.y + box.height + 10)) - y,
  };
  const before = await shot(page, clip);
  await target.evaluate((el: HTMLElement) => el.focus({ preventScroll: true, focusVisible: true } as FocusOptions));
  expect(await target.evaluate((el) => el.matches(':focus-visible')), 'the control shows keyboard focus').toBe(true);
  const after = await shot(page, clip);
  await park(page);
  let strong = 0;
  let changed = 0;
  for (let i = 0; i < before.data.length; i += 4) {
    const a: [number, number, number] = [before.data[i], before.data[i + 1], before.data[i + 2]];
    const b: [number, number, number] = [after.data[i], after.data[i + 1], after.data[i + 2]];
    const ratio = contrast(a, b);
    if (ratio > 1.05) changed++;
    if (ratio >= 3) strong++;
  }
  const needed = Math.round(2 * (2 * (box.width + box.height)));
  return { strong, changed, needed };
}

const expectVisibleRing = async (page: Page, name: string, target: Locator, ringOf?: Locator) => {
  const { strong, changed, needed } = await measureRing(page, target, ringOf);
  expect(
    strong,
    `${name}: ${strong} of ${changed} changed pixels reach 3:1; a 2 px line around it is ${needed}`,
  ).toBeGreaterThanOrEqual(needed);
};

test('the landing page: header, hero, the voice button, the results band, the contact band and the footer', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await page.evaluate(() => document.fonts.ready);
  const voice = page.locator('ai-voice-demo');
  await voice.hover();
  const mic = voice.getByRole('button', { name: 'Start a voice call with our AI agent' });
  await expect(mic).toBeVisible();
  await page.mouse.move(0, 0);
  const feedback = page.locator('ai-feedback').getByRole('button', { name: 'Share Feedback' });
  await feedback.hover();
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle');

  await expectVisibleRing(page, 'header link', page.locator('header.site-header').getByRole('link').nth(1));
  await expectVisibleRing(page, 'hero Get Started', page.locator('.hero').getByRole('link', { name: 'Get Started' }));
  await expectVisibleRing(page, 'the voice button in the hero card', mic);
  await expectVisibleRing(page, 'Request a demo call', page.getByRole('link', { name: 'Request a demo call' }));
  const contact = page.locator('#contact');
  await expectVisibleRing(page, 'Get Started in the contact band', contact.getByRole('link', { name: 'Get Started' }));
  await expectVisibleRing(
    page,
    'Talk to Our Experts in the contact band',
    contact.getByRole('link', { name: 'Talk to Our Experts' }),
  );
  await expectVisibleRing(page, 'the feedback button over the dark band', feedback);
  await expectVisibleRing(page, 'a footer link', page.locator('footer').getByRole('link').last());
});

test('the feedback dialog: a field and the submit button on the dialog surface', async ({ page }) => {
  await page.goto('/');
  const widget = page.locator('ai-feedback');
  await widget.getByRole('button', { name: 'Share Feedback' }).click();
  const dialog = widget.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expectVisibleRing(page, 'the name field', dialog.getByRole('textbox', { name: 'Email' }));
  await expectVisibleRing(page, 'Submit Feedback', dialog.getByRole('button', { name: 'Submit Feedback' }));
  await expectVisibleRing(page, 'the close button', dialog.getByRole('button', { name: 'Close' }));
});

test('the demo form: an agent card, the name field, the consent box and the privacy link', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/experience');
  const form = page.locator('ai-demo-request');
  await form.hover();
  // The form's code is in once the phone field's country menu is (the first paint's input is live before it):
  // the hand-over replaces the controls, so none is measured before it.
  await expect(form.locator('select.PhoneInputCountrySelect')).toBeAttached({ timeout: patience(15_000) });
  await page.mouse.move(0, 0);
  const radio = form.getByRole('radio', { name: 'AI Receptionist' });
  await expectVisibleRing(page, 'an agent card', radio, form.locator('label.agent').first());
  await form.locator('label.agent').nth(1).click();
  await page.mouse.move(0, 0);
  await expectVisibleRing(
    page,
    'the selected agent card',
    form.getByRole('radio', { name: 'AI Real-Estate Cold Caller' }),
    form.locator('label.agent').nth(1),
  );
  await expectVisibleRing(page, 'the name field', form.getByRole('textbox', { name: 'Name' }));
  await expectVisibleRing(page, 'the consent box', form.getByRole('checkbox'));
  await expectVisibleRing(page, 'the privacy link', form.getByRole('link', { name: 'Privacy policy' }));
});
