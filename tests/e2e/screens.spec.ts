import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { scriptedVoice } from './scripted-voice';
import { expectLegible } from './visual';
import { patience } from '../support/slowdown.mjs';

// What a visitor sees, as pictures: every route and every state of the site's widgets at a phone's
// and a laptop's width, each also checked for legibility (contrast against painted pixels, no
// clipped text, axe WCAG 2.2 AA). The footer's year is masked: the pictures must not expire.

const WIDTHS = [390, 1280] as const;
const ROUTES = [
  ['/', 'home'],
  ['/name', 'name'],
  ['/experience', 'experience'],
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
] as const;

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [path, name] of ROUTES) {
      test(`${path} looks as it should`, async ({ page }) => {
        // Judging every control of a long page against its painted pixels takes a screenshot each: 25 s on a busy machine.
        test.setTimeout(90_000);
        await page.goto(path);
        if (path === '/experience')
          await expect(page.locator('ai-demo-request').getByRole('button', { name: 'Get OTP' })).toBeVisible({
            timeout: patience(15_000),
          });
        await settle(page);
        await expectLegible(page);
        await expect(page).toHaveScreenshot(`route-${name}-${width}.png`, {
          fullPage: true,
          mask: [page.locator('.copyright')],
        });
      });
    }

    if (width === 390) {
      test('the open menu over a scrolled page is opaque', async ({ page }) => {
        await page.goto('/');
        await page.evaluate(() => scrollTo(0, 900));
        await expect(page.locator('header.site-header')).toHaveAttribute('data-scrolled', 'true');
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
        await expect(page.locator('header.site-header')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
        await expectLegible(page, 'header');
        await expect(page).toHaveScreenshot(`menu-open-${width}.png`);
      });
    }

    test('the voice demo in each state', async ({ page }) => {
      // A picture and a legibility judgement per state: as slow as a long page on a busy machine.
      test.setTimeout(90_000);
      await page.goto('/');
      const voice = page.locator('ai-voice-demo');
      await voice.hover();
      await expect(voice.getByRole('button', { name: 'Start a voice call with our AI agent' })).toBeVisible();
      const emit = await scriptedVoice(page);
      const card = page.locator('.hero-demo');
      const shot = async (state: string, text: string) => {
        await expect(voice.getByRole('status')).toHaveText(text);
        await expectLegible(page, '.hero-demo');
        await expect(card).toHaveScreenshot(`voice-${state}-${width}.png`);
      };
      await shot('idle', 'Click to experience our AI agent');
      await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
      // The site asks before the microphone opens (#34).
      await voice.getByRole('button', { name: 'Accept' }).click();
      await shot('connecting', 'Connecting to AI agent...');
      await emit('call-start');
      await shot('connected', 'Click to end the call');
      await emit('speech-start');
      await emit('volume-level', 0.6);
      await shot('speaking', 'AI agent is speaking...');
      await emit('error', { error: { message: 'the line dropped' } });
      await shot('error', 'Error connecting. Click to try again');
    });

    test('the feedback dialog in each state', async ({ page }) => {
      // A picture and a legibility judgement per state: as slow as a long page on a busy machine.
      test.setTimeout(90_000);
      let answer: 'hang' | 'ok' | 'fail' = 'hang';
      await page.route('**/api/feedback', async (route) => {
        if (answer === 'ok')
          return route.fulfill({ status: 201, contentType: 'text/plain', body: 'Thank you for your feedback.' });
        if (answer === 'fail') return route.fulfill({ status: 503, contentType: 'text/plain', body: 'Unavailable.' });
      });
      await page.goto('/');
      const widget = page.locator('ai-feedback');
      await widget.getByRole('button', { name: 'Share Feedback' }).click();
      const dialog = widget.getByRole('dialog');
      const shot = async (state: string) => {
        await expectLegible(page, 'ai-feedback');
        await expect(dialog).toHaveScreenshot(`feedback-${state}-${width}.png`);
      };
      await expect(dialog).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Meera Iyer');
      await dialog.getByRole('textbox', { name: 'Email' }).fill('meera@example.com');
      await dialog.getByRole('textbox', { name: 'Feedback' }).fill('The Hindi agent sounded natural.');
      await shot('open');
      await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
      await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
      await shot('submitting');
      await page.reload();
      answer = 'fail';
      await widget.getByRole('button', { name: 'Share Feedback' }).click();
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Meera Iyer');
      await dialog.getByRole('textbox', { name: 'Email' }).fill('meera@example.com');
      await dialog.getByRole('textbox', { name: 'Feedback' }).fill('The Hindi agent sounded natural.');
      await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Failed to submit feedback. Please try again.');
      await shot('error');
      answer = 'ok';
      await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
      await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible();
      await shot('thanks');
      // Closing gives focus back to the button that opened the dialog, never to the page.
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(widget.getByRole('button', { name: 'Share Feedback' })).toBeFocused();
    });
  });
}
