import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { scriptedVoice } from './scripted-voice';
import { patience } from '../support/slowdown.mjs';

// Every flow of the voice and feedback widgets done with the keyboard alone, typing at a person's
// speed, on the site. Focus is followed the whole way: it never falls back to the page.

/** The focused element through shadow roots: its role-ish tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return {
      tag: el?.localName ?? '',
      text: ((el as HTMLElement | null)?.innerText ?? '').trim() || el?.getAttribute('aria-label') || '',
    };
  });

/** Presses Tab until the focused control's text matches, as a keyboard user would (at most 60 stops). */
async function tabTo(page: Page, text: RegExp) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (text.test((await focused(page)).text)) return;
  }
  throw new Error(`Tab never reached ${text}`);
}

/**
 * On `/`, with a scripted voice client: Tab to the voice button, Enter, and Tab to the consent step's
 * Accept (the site asks before the microphone opens, #34, once a session).
 */
async function toConsentAccept(page: Page) {
  await page.goto('/');
  const voice = page.locator('ai-voice-demo');
  const emit = await scriptedVoice(page);
  await tabTo(page, /^Start a voice call with our AI agent$/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^Accept$/);
  return { voice, emit };
}

test('the feedback form, from the keyboard: open, type, send, read the thanks, close', async ({ page }) => {
  await page.route('**/api/feedback', (route) =>
    route.fulfill({ status: 201, contentType: 'text/plain', body: 'Thank you for your feedback.' }),
  );
  await page.goto('/');
  await tabTo(page, /^Share Feedback$/);
  await page.keyboard.press('Enter');
  const dialog = page.locator('ai-feedback').getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('Meera Iyer', { delay: 40 });
  await page.keyboard.press('Tab');
  await page.keyboard.type('meera@example.com', { delay: 40 });
  await page.keyboard.press('Tab');
  await page.keyboard.type('Lovely demo.', { delay: 40 });
  await page.keyboard.press('Tab');
  expect((await focused(page)).text).toBe('Submit Feedback');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible();
  expect((await focused(page)).text).toBe('Close');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect((await focused(page)).text).toBe('Share Feedback');
});

test('the feedback form, from the keyboard: a refusal, the fix, and Escape keeps the draft', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/feedback', (route) =>
    ++calls === 1
      ? route.fulfill({
          status: 400,
          contentType: 'text/plain',
          headers: { 'X-Invalid-Field': 'name' },
          body: 'Your name must be at most 200 characters.',
        })
      : route.fulfill({ status: 201, contentType: 'text/plain', body: 'Thank you for your feedback.' }),
  );
  await page.goto('/');
  // The first press may come before the form's code (the button is drawn by the page's HTML); the press after
  // Escape comes at once, before the dialog's close event on a busy page (server-rendered.spec.ts holds both).
  await tabTo(page, /^Share Feedback$/);
  await page.keyboard.press('Enter');
  const dialog = page.locator('ai-feedback').getByRole('dialog');
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  await page.keyboard.type('Meera', { delay: 40 });
  await page.keyboard.press('Tab');
  await page.keyboard.type('meera@example.com', { delay: 40 });
  await page.keyboard.press('Tab');
  await page.keyboard.type('Lovely demo.', { delay: 40 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await focused(page)).text).toBe('Share Feedback');
  await page.keyboard.press('Enter');
  await expect(name).toHaveValue('Meera');
  await tabTo(page, /^Submit Feedback$/);
  await page.keyboard.press('Enter');
  // The refusal is about the name: said under it (its description), no banner, no "try again".
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription('Your name must be at most 200 characters.');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('End');
  await page.keyboard.type(' Iyer', { delay: 40 });
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible();
});

// Focus on a control that React draws only once the presses made before it are replayed (the consent
// step's Accept follows the button): it must come back to that control, or the next key goes elsewhere.
test('the consent step reached from the keyboard while the component is still loading: Accept keeps focus through the hand-over', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/VoiceDemo-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const { voice, emit } = await toConsentAccept(page);
  // The first paint's Accept is marked (`mark`); React's own, which replaces it, is not.
  const acceptIsReacts = (mark = false) =>
    voice.evaluate((el, marking) => {
      const accept = el.shadowRoot!.querySelector('[data-control="accept"]') as
        (Element & { __shell?: boolean }) | null;
      if (accept && marking) accept.__shell = true;
      return !!accept && !accept.__shell;
    }, mark);
  await acceptIsReacts(true);
  release();
  await expect.poll(() => acceptIsReacts(), { timeout: patience(15_000) }).toBe(true);
  expect(await focused(page)).toEqual({ tag: 'button', text: 'Accept' });
  await page.keyboard.press('Enter');
  await expect(voice.getByRole('status')).toHaveText('Connecting to AI agent...');
  await emit('call-start');
  await expect(voice.getByRole('status')).toHaveText('Click to end the call');
});

test('the voice demo, from the keyboard: start, end, and a failure that can be retried', async ({ page }) => {
  const { voice, emit } = await toConsentAccept(page);
  await page.keyboard.press('Enter');
  await expect(voice.getByRole('status')).toHaveText('Connecting to AI agent...');
  await emit('call-start');
  await expect(voice.getByRole('status')).toHaveText('Click to end the call');
  expect((await focused(page)).tag).toBe('button');
  await page.keyboard.press('Space');
  await emit('call-end');
  await expect(voice.getByRole('status')).toHaveText('Click to experience our AI agent');
  await page.keyboard.press('Enter');
  await emit('error', { error: { message: 'the line dropped' } });
  await expect(voice.getByRole('status')).toHaveText('Error connecting. Click to try again');
  expect((await focused(page)).tag).toBe('button');
  await page.keyboard.press('Enter');
  await expect(voice.getByRole('status')).toHaveText('Connecting to AI agent...');
});

test('an unknown default-country falls back to India, with one warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto('/examples/demo-request.html');
  const form = page.locator('#demo');
  await form.evaluate((el) => el.setAttribute('default-country', 'ZZ'));
  // The form's code comes when a visitor reaches for it.
  await form.hover();
  const phone = form.getByRole('textbox', { name: 'Phone Number', exact: true });
  await expect(phone).toBeEditable({ timeout: patience(15_000) });
  await phone.click();
  await phone.pressSequentially('9876543210', { delay: 30 });
  await expect(phone).toHaveValue('+91 98765 43210');
  expect(warnings.filter((w) => w.includes('default-country'))).toEqual([
    '<ai-demo-request>: default-country "ZZ" is not a known country code; using IN.',
  ]);
});
