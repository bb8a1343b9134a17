import type { Page, Request, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';

/** The example's voice card set up as a real page's is: its placeholders would stop a call before any request (#55). */
const setUp = (page: Page) =>
  page
    .locator('#voice')
    .evaluate(
      (el) => (el.setAttribute('public-key', 'test-public-key'), el.setAttribute('assistant-id', 'test-assistant')),
    );

const REACT_CHUNK = /\/chunks\/react\.[\w-]+\.js$/;

/** Every script the page requests, in order. */
function scripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r: Request) => r.resourceType() === 'script' && urls.push(new URL(r.url()).pathname));
  return urls;
}

// React and each widget's component load when a visitor reaches for a widget: until then the
// page holds the widget's first state, drawn by the small entry script.
test.describe('widgets load their code on demand', () => {
  test('a partner page shows the voice button without React; pointing at it brings React in', async ({ page }) => {
    const loaded = scripts(page);
    await page.goto('/examples/partner.html');
    const voice = page.locator('#voice');
    await expect(voice.getByRole('button', { name: 'Start a voice call with our AI agent' })).toBeVisible();
    await expect(voice.getByRole('status')).toHaveText('Click to experience our AI agent');
    await page.waitForLoadState('networkidle');
    // The loader first; then, requested together, the voice demo's own entry and its element's chunks:
    // no React, no component, and nothing of the widgets the page does not hold.
    const before = loaded.filter((u) => u.includes('/dist/widgets/'));
    expect(before[0]).toMatch(/ai-widgets\.js$/);
    expect(before).toContainEqual(expect.stringMatching(/\/voice-demo\.[\w-]+\.js$/));
    expect(before.filter((u) => /\/(ai-widgets|feedback|demo-request)\.[\w-]+\.js$/.test(u))).toEqual([]);
    expect(
      before.filter((u) => REACT_CHUNK.test(u) || /VoiceDemo|PhoneField|DemoRequest\.|Feedback\.|sentry/.test(u)),
    ).toEqual([]);

    const react = page.waitForRequest(REACT_CHUNK);
    await voice.getByRole('button').hover();
    await react;
    await expect(voice.locator('button')).toHaveCount(1);
    await expect(voice.getByRole('button', { name: 'Start a voice call with our AI agent' })).toBeVisible();
    // Hovering also prefetches the voice SDK (by design); nothing else comes.
    expect(loaded.some((u) => /PhoneField|sentry/.test(u))).toBe(false);
  });

  test('a keyboard visitor keeps focus through the swap, and Enter starts the call', async ({ page }) => {
    // The provider holds its answer, so the call stays in its connecting state until the test has
    // seen it: a refused or failed request would end it in the error state before the check ran.
    const held: Route[] = [];
    await page.route('https://api.vapi.ai/**', (route) => void held.push(route));
    await page.goto('/examples/partner.html');
    await setUp(page);
    await page.waitForLoadState('networkidle');
    const react = page.waitForRequest(REACT_CHUNK);
    await page.keyboard.press('Tab');
    await react;
    const button = page.locator('#voice').getByRole('button');
    // The focus moves from the drawn button to React's one; no focus is lost to the page.
    await expect(button).toBeFocused();
    const callStarted = page.waitForRequest((r) => r.method() === 'POST' && r.url() === 'https://api.vapi.ai/call/web');
    await page.keyboard.press('Enter');
    await callStarted;
    // The call is waiting on the provider: the state that reads "Connecting".
    await expect(page.locator('#voice').getByRole('status')).toHaveText('Connecting to AI agent...');
    await expect(button).toBeFocused();
    await Promise.all(held.map((route) => route.abort()));
  });

  test.describe('on a phone', () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

    test('a tap sends the call to the provider before React is requested; React then takes that call over', async ({
      page,
    }) => {
      // The provider holds its answer: the call waits in its connecting state until the test lets it fail.
      const held: Route[] = [];
      await page.route('https://api.vapi.ai/**', (route) => void held.push(route));
      // When the page asks for the call (the SDK's fetch), on the page's clock, as the bench times it.
      await page.addInitScript(() => {
        const w = window as unknown as { callAskedAt: number[] };
        w.callAskedAt = [];
        const send = window.fetch;
        window.fetch = function (input, init) {
          if (String(input instanceof Request ? input.url : input).endsWith('/call/web'))
            w.callAskedAt.push(performance.now());
          return send.call(this, input, init);
        };
      });
      await page.goto('/examples/partner.html');
      await setUp(page);
      await page.waitForLoadState('networkidle');
      const voice = page.locator('#voice');
      const react = page.waitForRequest(REACT_CHUNK);
      await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).tap();
      await expect(voice.getByRole('status')).toHaveText('Connecting to AI agent...');
      await react;
      // React's chunk and the component's (which imports React's) were asked for after the call
      // (resource entries appear once each has arrived).
      const chunks = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((r) => /\/chunks\/(react|VoiceDemo)\.[\w-]+\.js$/.test(r.name))
            .map((r) => r.startTime),
        );
      await expect.poll(async () => (await chunks()).length).toBe(2);
      const asked = await page.evaluate(() => (window as unknown as { callAskedAt: number[] }).callAskedAt);
      expect(asked).toHaveLength(1);
      for (const start of await chunks()) expect(start).toBeGreaterThan(asked[0]!);
      // React adopts the call the tap started (no second request), and only React shows its failure.
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await Promise.all(held.map((route) => route.abort()));
      await expect(voice.getByRole('status')).toHaveText('Error connecting. Click to try again');
      expect(await page.evaluate(() => (window as unknown as { callAskedAt: number[] }).callAskedAt)).toHaveLength(1);
    });
  });

  test('the demo form is whole in the first paint; its code comes when a visitor points at it', async ({ page }) => {
    const loaded = scripts(page);
    await page.goto('/examples/demo-request.html');
    const form = page.locator('#demo');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
    await expect(form.getByRole('radio', { name: 'AI Receptionist' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(loaded.some((u) => REACT_CHUNK.test(u) || /PhoneField/.test(u))).toBe(false);
    const react = page.waitForRequest(REACT_CHUNK);
    await form.hover();
    await react;
    const phone = form.getByRole('textbox', { name: 'Phone Number', exact: true });
    await expect(phone).toBeEditable({ timeout: patience(10_000) });
    await expect(phone).toHaveValue('+91');
    await expect(form.getByRole('button', { name: 'Get OTP' })).toBeVisible();
  });

  test('a keyboard visitor reaching the form brings its code, and focus stays where it is', async ({ page }) => {
    await page.goto('/examples/demo-request.html');
    await page.waitForLoadState('networkidle');
    const form = page.locator('#demo');
    const react = page.waitForRequest(REACT_CHUNK);
    await form.getByRole('textbox', { name: 'Name', exact: true }).focus();
    await react;
    await expect(form.getByRole('textbox', { name: 'Phone Number', exact: true })).toBeEditable({
      timeout: patience(10_000),
    });
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  });

  test('the feedback button, once on screen, loads its code while the page is idle', async ({ page }) => {
    const react = page.waitForRequest(REACT_CHUNK);
    await page.goto('/examples/feedback.html');
    await react;
    const trigger = page.locator('#feedback').getByRole('button', { name: 'Share Feedback' });
    await expect(trigger).toBeVisible();
    await trigger.click();
    await expect(page.locator('#feedback').getByRole('dialog')).toBeVisible();
  });

  test('a click before React arrives is not lost: the dialog opens', async ({ page }) => {
    await page.route(REACT_CHUNK, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto('/examples/feedback.html');
    const feedback = page.locator('ai-feedback').first();
    await feedback.getByRole('button', { name: 'Share Feedback' }).click();
    await expect(feedback.getByRole('dialog')).toBeVisible();
    await expect(feedback.getByRole('textbox', { name: 'Name' })).toBeFocused();
  });

  test('when the code cannot load, the widget says so and Try again recovers', async ({ page }) => {
    let failures = 1;
    await page.route(/\/chunks\/VoiceDemo\.[\w-]+\.js$/, (route) =>
      failures-- > 0 ? route.abort('failed') : route.continue(),
    );
    page.on('console', () => {});
    await page.goto('/examples/partner.html');
    const voice = page.locator('#voice');
    await voice.getByRole('button').click();
    const alert = voice.getByRole('alert');
    await expect(alert).toHaveText(/The voice demo could not load\./);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(voice.getByRole('status')).toHaveText('Click to experience our AI agent');
    await expect(voice.getByRole('button', { name: 'Start a voice call with our AI agent' })).toBeFocused();
  });
});
